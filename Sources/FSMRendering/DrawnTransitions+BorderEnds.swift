internal import CGraphviz

extension DrawnTransitions {
    /// How far an edge's end on a compound state's border keeps from the boxes inside it, in
    /// points: DiagramCheck counts an end closer than 10 pt as beside a child, where the edge
    /// seems to leave or enter the child rather than the compound state.
    static let besideChild = 10.0 + room

    /// How far apart two ends on one border stay when one is moved, in points, so that moved
    /// ends never merge with another edge's.
    static let endSpacing = 8.0

    /// How many places along the border an end tries, nearest first, before it stays.
    static let attempts = 60

    /// One end of an edge that Graphviz clipped at a compound state's border (`ltail`/`lhead`).
    private struct BorderEnd {
        var transition: String
        var edge: Edge
        var cluster: Int
        /// Whether it is the edge's head (where its arrowhead is), else its tail.
        var isHead: Bool
    }

    /// Moves each end of an edge that meets a compound state's border beside one of the boxes
    /// drawn inside it along that border, to the nearest place at least ``besideChild`` from
    /// them all and ``endSpacing`` from other ends, bending only the part of the edge near
    /// that end. An end is left where it is when no such place on its side lets the new curve
    /// keep clear of every node and cluster the old one kept clear of. Returns how many ends
    /// moved.
    @discardableResult
    static func separateBorderEnds(in graph: UnsafeMutablePointer<Agraph_t>) -> Int {
        let drawn = DrawnTransitions(graph)
        guard !drawn.clusters.isEmpty else { return 0 }
        let byName = Dictionary(drawn.clusters.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var ends: [BorderEnd] = []
        for number in drawn.transitions.keys.sorted() {
            for edge in drawn.transitions[number]?.edges ?? [] {
                if edge.part == "source" || edge.part == "whole", let cluster = text(edge.edge, "ltail").flatMap({ byName[$0] }) {
                    ends.append(BorderEnd(transition: number, edge: edge, cluster: cluster, isHead: false))
                }
                if edge.part == "target" || edge.part == "whole", let cluster = text(edge.edge, "lhead").flatMap({ byName[$0] }) {
                    ends.append(BorderEnd(transition: number, edge: edge, cluster: cluster, isHead: true))
                }
            }
        }
        guard !ends.isEmpty else { return 0 }
        let nodeBoxes = visibleNodes(of: graph)
        var moved = 0
        for end in ends where drawn.separate(end, nodeBoxes: nodeBoxes, otherEnds: ends) { moved += 1 }
        return moved
    }

    /// Moves `end` along its border if it lies beside a box inside its cluster; whether it moved.
    private func separate(_ end: BorderEnd, nodeBoxes: [(Int, ObstacleRoute.Box)], otherEnds: [BorderEnd]) -> Bool {
        var buffer = [pointf](repeating: pointf(), count: 64)
        let controls = Array(Self.controls(of: end.edge.edge, buffer: &buffer))
        guard controls.count >= 4, let here = Self.point(of: end, buffer: &buffer) else { return false }
        var tip = pointf()
        let hasTip = end.isHead && fsmviz_edge_arrow_tip(end.edge.edge, &tip) != 0
        let border = Self.box(clusters[end.cluster].box)
        let inside = boxes(inside: end.cluster, nodeBoxes: nodeBoxes)
        guard let side = BorderSide(of: border, at: here),
            inside.contains(where: { $0.distance(to: here) < Self.besideChild - Self.room })
        else { return false }

        // Where along the side the end may go: away from the boxes inside and from the other
        // ends there, as they lie now (some may have moved already).
        var blocked = inside.compactMap { side.span(of: $0, within: Self.besideChild) }
        for other in otherEnds where other.cluster == end.cluster && !(other.edge.edge == end.edge.edge && other.isHead == end.isHead) {
            guard let at = Self.point(of: other, buffer: &buffer), side.distance(to: at) <= Self.tolerance else { continue }
            let position = side.position(of: at)
            blocked.append((position - Self.endSpacing, position + Self.endSpacing))
        }
        let current = side.position(of: here)
        let before = clearance(of: controls, nodeBoxes: nodeBoxes)
        let candidates = side.freePositions(avoiding: blocked, inset: Self.besideChild, step: Self.endSpacing / 2)
        for position in candidates.sorted(by: { abs($0 - current) < abs($1 - current) }).prefix(Self.attempts) {
            let shift = side.offset(from: current, to: position)
            let bent = Self.bend(controls, by: shift, atHead: end.isHead)
            let after = clearance(of: bent, nodeBoxes: nodeBoxes)
            guard after.nodes.isSubset(of: before.nodes), after.clusters.isSubset(of: before.clusters),
                staysShort(end, bentTo: bent),
                fsmviz_set_edge_points(end.edge.edge, bent, bent.count) != 0
            else { continue }
            if hasTip { fsmviz_set_edge_arrow_tip(end.edge.edge, pointf(x: tip.x + shift.x, y: tip.y + shift.y)) }
            return true
        }
        return false
    }

    /// Where `end` lies now: its edge's arrowhead tip, or else the first or last control point.
    private static func point(of end: BorderEnd, buffer: inout [pointf]) -> ObstacleRoute.Point? {
        var tip = pointf()
        if end.isHead, fsmviz_edge_arrow_tip(end.edge.edge, &tip) != 0 { return ObstacleRoute.Point(x: tip.x, y: tip.y) }
        let controls = controls(of: end.edge.edge, buffer: &buffer)
        return (end.isHead ? controls.last : controls.first).map { ObstacleRoute.Point(x: $0.x, y: $0.y) }
    }

    /// The boxes drawn inside `cluster`: its visible nodes and the clusters within it.
    private func boxes(inside cluster: Int, nodeBoxes: [(Int, ObstacleRoute.Box)]) -> [ObstacleRoute.Box] {
        let nodes = clusters[cluster].nodes
        return nodeBoxes.filter { nodes.contains($0.0) }.map(\.1)
            + clusters.filter { $0.ancestors.contains(cluster) }.map { Self.box($0.box) }
    }

    /// The nodes whose boxes and the clusters whose borders a curve through `controls` meets.
    private func clearance(
        of controls: [pointf], nodeBoxes: [(Int, ObstacleRoute.Box)]
    ) -> (nodes: Set<Int>, clusters: Set<Int>) {
        let points = Self.curve(controls[...])
        // The ends themselves lie on borders by design; what matters is the way between them.
        let between = points.count > 4 ? Array(points.dropFirst(2).dropLast(2)) : []
        let nodes = nodeBoxes.filter { node in
            zip(between, between.dropFirst()).contains { node.1.blocks(Self.point($0), Self.point($1)) }
                || between.contains { node.1.contains(Self.point($0)) }
        }
        return (Set(nodes.map(\.0)), Set(clusters.indices.filter { crosses(between, $0) }))
    }

    /// Whether `end`'s transition, with its edge bent to `controls`, is no detour
    /// (``longestDetour``) where it was none before.
    private func staysShort(_ end: BorderEnd, bentTo controls: [pointf]) -> Bool {
        guard let transition = transitions[end.transition] else { return true }
        let bent = Self.curve(controls[...])
        func isDetour(_ curves: [[pointf]]) -> Bool {
            let parts = zip(transition.edges.map(\.part), curves)
            guard let start = parts.first(where: { $0.0 == "source" || $0.0 == "whole" })?.1.first else { return false }
            let shared = parts.filter { $0.0 == "source" || $0.0 == "link" }.reduce(0) { $0 + Self.length($1.1) }
            return parts.contains { part, curve in
                guard part == "target" || part == "whole", let last = curve.last else { return false }
                let length = (part == "target" ? shared : 0) + Self.length(curve)
                let straight = Self.point(start).distance(to: Self.point(last))
                // A little short of the limit, since the checker samples the curve afresh.
                return length > Self.shortestDetour && length > 0.97 * Self.longestDetour * straight
            }
        }
        let before = transition.edges.map(\.curve)
        let after = transition.edges.map { $0.edge == end.edge.edge ? bent : $0.curve }
        return isDetour(before) || !isDetour(after)
    }

    /// `controls` with the end at the head (else the tail) moved by `shift` and the rest of the
    /// curve following less the further it lies from that end, so that the end keeps the
    /// direction it arrives in and the far end stays put.
    static func bend(_ controls: [pointf], by shift: (x: Double, y: Double), atHead: Bool) -> [pointf] {
        let ordered = atHead ? controls : controls.reversed()
        var lengths = [0.0]
        for (from, to) in zip(ordered, ordered.dropFirst()) {
            lengths.append(lengths[lengths.count - 1] + ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot())
        }
        let total = max(lengths[lengths.count - 1], 1)
        let bent = ordered.enumerated().map { index, point in
            // The last two control points move together, which keeps the end's direction.
            let share = index >= ordered.count - 2 ? 1 : smoothstep(lengths[index] / total)
            return pointf(x: point.x + shift.x * share, y: point.y + shift.y * share)
        }
        return atHead ? bent : bent.reversed()
    }

    private static func smoothstep(_ value: Double) -> Double { value * value * (3 - 2 * value) }
}
