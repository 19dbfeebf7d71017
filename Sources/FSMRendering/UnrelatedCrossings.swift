internal import CGraphviz

/// Counts, in a laid-out `states` drawing, the edges of transitions that run through a
/// compound state's cluster holding none of the transition's nodes (its source, label,
/// junction or targets): what DiagramCheck's `unrelated-compound` measure finds, read straight
/// from Graphviz's layout so the renderer can prefer the layout with fewer. The caller holds the
/// Graphviz lock.
enum UnrelatedCrossings {
    /// How far inside a cluster's border a curve may run and still only touch it, in points
    /// (DiagramCheck's tolerance).
    static let tolerance = 3.0

    static func count(in graph: UnsafeMutablePointer<Agraph_t>) -> Int {
        let clusters = stateClusters(of: graph)
        guard !clusters.isEmpty else { return 0 }
        // Each transition's nodes and the points of its curves, by transition number.
        var transitions: [String: (nodes: Set<Int>, points: [pointf])] = [:]
        var buffer = [pointf](repeating: pointf(), count: 64)
        var node = agfstnode(graph)
        while let tail = node {
            var edge = agfstout(graph, tail)
            while let current = edge {
                edge = agnxtout(graph, current)
                guard let number = text(current, "fsmviz_transition"), !number.isEmpty,
                    !(text(current, "style") ?? "").contains("invis")
                else { continue }
                var count = fsmviz_edge_points(current, &buffer, buffer.count)
                if count > buffer.count {
                    buffer = [pointf](repeating: pointf(), count: count)
                    count = fsmviz_edge_points(current, &buffer, buffer.count)
                }
                var entry = transitions[number, default: ([], [])]
                entry.nodes.insert(Int(bitPattern: tail))
                entry.nodes.insert(Int(bitPattern: fsmviz_edge_head(current)))
                entry.points += Self.curve(buffer.prefix(count))
                transitions[number] = entry
            }
            node = agnxtnode(graph, tail)
        }
        var crossings = 0
        for transition in transitions.values {
            for cluster in clusters where cluster.nodes.isDisjoint(with: transition.nodes) {
                let points = transition.points
                if zip(points, points.dropFirst()).contains(where: { meets(cluster.box, $0, $1) }) { crossings += 1 }
            }
        }
        return crossings
    }

    /// The clusters that draw states (their own `fsmviz_state` is set; helper clusters set it
    /// empty), with their boxes moved in by ``tolerance`` and the nodes inside them.
    private static func stateClusters(
        of graph: UnsafeMutablePointer<Agraph_t>
    ) -> [(box: boxf, nodes: Set<Int>)] {
        var clusters: [(box: boxf, nodes: Set<Int>)] = []
        var pending = [graph]
        while let current = pending.popLast() {
            var child = agfstsubg(current)
            while let subgraph = child {
                pending.append(subgraph)
                child = agnxtsubg(subgraph)
                guard let state = text(subgraph, "fsmviz_state"), !state.isEmpty,
                    (text(subgraph, "class") ?? "").split(separator: " ").contains("state")
                else { continue }
                var nodes = Set<Int>()
                var node = agfstnode(subgraph)
                while let inside = node {
                    nodes.insert(Int(bitPattern: inside))
                    node = agnxtnode(subgraph, inside)
                }
                var box = fsmviz_bounds(subgraph)
                box.LL.x += tolerance
                box.LL.y += tolerance
                box.UR.x -= tolerance
                box.UR.y -= tolerance
                clusters.append((box, nodes))
            }
        }
        return clusters
    }

    /// Points along a run of cubic Bézier control points (a start point, then three per
    /// segment), sixteen per segment, as DiagramCheck samples them.
    private static func curve(_ controls: ArraySlice<pointf>) -> [pointf] {
        let points = Array(controls)
        guard var result = points.first.map({ [$0] }) else { return [] }
        var index = 0
        while index + 3 < points.count {
            let (p0, p1, p2, p3) = (points[index], points[index + 1], points[index + 2], points[index + 3])
            for step in 1...16 {
                let t = Double(step) / 16
                let u = 1 - t
                let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                result.append(
                    pointf(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
            index += 3
        }
        return result
    }

    /// Whether the segment from `start` to `end` has a point inside `box`: an end inside it, or
    /// a crossing of one of its sides.
    private static func meets(_ box: boxf, _ start: pointf, _ end: pointf) -> Bool {
        func inside(_ point: pointf) -> Bool {
            point.x > box.LL.x && point.x < box.UR.x && point.y > box.LL.y && point.y < box.UR.y
        }
        if inside(start) || inside(end) { return true }
        // Where the segment reaches each side's line, if it does, and whether that lies on the side.
        for (from, to, low, high, vertical) in [
            (start.x, end.x, box.LL.y, box.UR.y, true), (start.y, end.y, box.LL.x, box.UR.x, false),
        ] {
            for side in vertical ? [box.LL.x, box.UR.x] : [box.LL.y, box.UR.y] where (from - side) * (to - side) < 0 {
                let t = (side - from) / (to - from)
                let across = vertical ? start.y + t * (end.y - start.y) : start.x + t * (end.x - start.x)
                if across > low && across < high { return true }
            }
        }
        return false
    }

    private static func text(_ object: UnsafeMutableRawPointer?, _ name: String) -> String? {
        fsmviz_get(object, name).map { String(cString: $0) }
    }
}
