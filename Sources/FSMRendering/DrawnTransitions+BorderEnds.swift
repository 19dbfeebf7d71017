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
    struct BorderEnd {
        var transition: String
        var edge: Edge
        var cluster: Int
        /// Whether it is the edge's head (where its arrowhead is), else its tail.
        var isHead: Bool
    }

    /// Moves each end of an edge that meets a compound state's border beside one of the boxes
    /// drawn inside it along that border, to the nearest place at least ``besideChild`` from
    /// them all and ``endSpacing`` from other ends, bending only the part of the edge near
    /// that end. Where no such place on its side lets the bent curve keep clear of every node,
    /// cluster and other transition's label the old one kept clear of (a label beside the
    /// border included, where Graphviz's routing would not have passed), the edge is drawn
    /// anew to a place elsewhere round the border (``redrawElsewhere(_:around:inside:nodeBoxes:otherEnds:fixedCurves:)``),
    /// or else left as it is. Returns how many ends moved.
    @discardableResult
    static func separateBorderEnds(in graph: UnsafeMutablePointer<Agraph_t>) -> Int {
        let drawn = DrawnTransitions(graph)
        guard !drawn.clusters.isEmpty else { return 0 }
        var ends: [BorderEnd] = []
        for number in drawn.transitions.keys.sorted() {
            for edge in drawn.transitions[number]?.edges ?? [] {
                if edge.part == "source" || edge.part == "whole", let cluster = drawn.cluster(edge.edge, "ltail") {
                    ends.append(BorderEnd(transition: number, edge: edge, cluster: cluster, isHead: false))
                }
                if edge.part == "target" || edge.part == "whole", let cluster = drawn.cluster(edge.edge, "lhead") {
                    ends.append(BorderEnd(transition: number, edge: edge, cluster: cluster, isHead: true))
                }
            }
        }
        guard !ends.isEmpty else { return 0 }
        let nodeBoxes = visibleNodes(of: graph)
        let labels = labelBoxes(of: graph)
        // Where the edges that stay put (start points' arrows, edges into children) meet a
        // border, no end may move to either.
        let moving = Set(ends.map { Int(bitPattern: $0.edge.edge) })
        var buffer = [pointf](repeating: pointf(), count: 64)
        let fixed = visibleEdges(of: graph).filter { !moving.contains(Int(bitPattern: $0)) }.map { edge in
            curve(of: edge, buffer: &buffer).map(point)
        }
        var moved = 0
        for end in ends where drawn.separate(end, nodeBoxes: nodeBoxes, labels: labels, otherEnds: ends, fixedCurves: fixed) {
            moved += 1
        }
        return moved
    }

    /// Moves `end` along its border, or else round it, if it lies beside a box inside its
    /// cluster; whether it moved.
    private func separate(
        _ end: BorderEnd, nodeBoxes: [(Int, ObstacleRoute.Box)], labels: [LabelBox], otherEnds: [BorderEnd],
        fixedCurves: [[ObstacleRoute.Point]]
    ) -> Bool {
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

        let blocked = Self.blocked(on: side, for: end, inside: inside, otherEnds: otherEnds, fixedCurves: fixedCurves)
        let current = side.position(of: here)
        let before = clearance(of: controls, nodeBoxes: nodeBoxes)
        let labelsBefore = Self.labelsCrossed(by: Self.curve(controls[...]), of: end.transition, among: labels)
        let candidates = side.freePositions(avoiding: blocked, inset: Self.besideChild, step: Self.endSpacing / 2)
        for position in candidates.sorted(by: { abs($0 - current) < abs($1 - current) }).prefix(Self.attempts) {
            let shift = side.offset(from: current, to: position)
            let bent = Self.bend(controls, by: shift, atHead: end.isHead)
            let after = clearance(of: bent, nodeBoxes: nodeBoxes)
            guard after.nodes.isSubset(of: before.nodes), after.clusters.isSubset(of: before.clusters),
                Self.labelsCrossed(by: Self.curve(bent[...]), of: end.transition, among: labels).isSubset(of: labelsBefore),
                staysShort(end, bentTo: bent),
                fsmviz_set_edge_points(end.edge.edge, bent, bent.count) != 0
            else { continue }
            if hasTip { fsmviz_set_edge_arrow_tip(end.edge.edge, pointf(x: tip.x + shift.x, y: tip.y + shift.y)) }
            return true
        }
        return redrawElsewhere(end, around: border, inside: inside, nodeBoxes: nodeBoxes, otherEnds: otherEnds, fixedCurves: fixedCurves)
    }

    /// Where along `side` an end of `end`'s cluster may not go: beside the boxes `inside` the
    /// cluster, and near the other ends and the fixed curves there, as they lie now (some ends
    /// may have moved already).
    static func blocked(
        on side: BorderSide, for end: BorderEnd, inside: [ObstacleRoute.Box], otherEnds: [BorderEnd],
        fixedCurves: [[ObstacleRoute.Point]]
    ) -> [(Double, Double)] {
        var buffer = [pointf](repeating: pointf(), count: 64)
        var blocked = inside.compactMap { side.span(of: $0, within: besideChild) }
        for other in otherEnds where other.cluster == end.cluster && !(other.edge.edge == end.edge.edge && other.isHead == end.isHead) {
            guard let at = point(of: other, buffer: &buffer), side.distance(to: at) <= tolerance else { continue }
            let position = side.position(of: at)
            blocked.append((position - endSpacing, position + endSpacing))
        }
        for position in fixedCurves.flatMap(side.crossings) {
            blocked.append((position - endSpacing, position + endSpacing))
        }
        return blocked
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
    /// (``longestDetour``) where it was none before; `reach` is how far its arrowhead then
    /// reaches past the curve's end, when it is no longer where it reached before.
    func staysShort(_ end: BorderEnd, bentTo controls: [pointf], reach: ObstacleRoute.Point? = nil) -> Bool {
        guard let transition = transitions[end.transition] else { return true }
        // The curves as they lie now: an end of the same transition may have moved already.
        var buffer = [pointf](repeating: pointf(), count: 64)
        let before = transition.edges.map { Self.curve(of: $0.edge, buffer: &buffer) }
        let bent = Self.curve(controls[...])
        let after = zip(transition.edges, before).map { $0.0.edge == end.edge.edge ? bent : $0.1 }
        // A little short of the limit, since the checker samples the curves afresh.
        let limit = 0.97 * Self.longestDetour
        let reaches = reach.map { [end.edge.edge: $0] } ?? [:]
        return isDetour(transition, along: before, limit: limit)
            || !isDetour(transition, along: after, limit: limit, reaches: reaches)
    }

    /// `controls` with the end at the head (else the tail) moved by `shift` and the rest of the
    /// curve following less the further it lies from that end, so that both ends keep the
    /// direction they arrive in and the far end stays put.
    static func bend(_ controls: [pointf], by shift: (x: Double, y: Double), atHead: Bool) -> [pointf] {
        let ordered = atHead ? controls : controls.reversed()
        var lengths = [0.0]
        for (from, to) in zip(ordered, ordered.dropFirst()) {
            lengths.append(lengths[lengths.count - 1] + ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot())
        }
        let total = max(lengths[lengths.count - 1], 1)
        let bent = ordered.enumerated().map { index, point in
            // The two control points at either end move together (the near ones fully, the far
            // ones not at all), which keeps the direction each end meets its border or arrowhead.
            let share = index >= ordered.count - 2 ? 1 : index < 2 ? 0 : smoothstep(lengths[index] / total)
            return pointf(x: point.x + shift.x * share, y: point.y + shift.y * share)
        }
        return atHead ? bent : bent.reversed()
    }

    private static func smoothstep(_ value: Double) -> Double { value * value * (3 - 2 * value) }
}
