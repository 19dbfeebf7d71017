internal import CGraphviz

extension DrawnTransitions {
    /// The longest a transition's path may be, as a multiple of the straight distance between
    /// its ends, once it is longer than ``shortestDetour`` (DiagramCheck's `detour` limits).
    static let longestDetour = 3.0
    /// Paths shorter than this, in points, are never detours, however they bend.
    static let shortestDetour = 150.0

    /// Moves the label of each transition drawn the long way round (source, label, target,
    /// more than ``longestDetour`` times the straight distance between its ends) onto that
    /// straight line, or beside it, where the label finds room: no other node, no cluster
    /// border and no other edge in its box, inside the same clusters as before. Its two edges
    /// are then drawn the short way round the boxes in between. A transition whose label finds
    /// no such place, or whose way stays long, keeps its drawing. Returns how many labels moved.
    @discardableResult
    static func shortenDetours(in graph: UnsafeMutablePointer<Agraph_t>) -> Int {
        var drawn = DrawnTransitions(graph, evenWithoutClusters: true)
        var moved = 0
        for number in drawn.transitions.keys.sorted() {
            guard let transition = drawn.transitions[number], drawn.shortenDetour(of: transition) else { continue }
            moved += 1
            drawn = DrawnTransitions(graph, evenWithoutClusters: true)
        }
        return moved
    }

    /// How many transitions through a junction (a choice or a fork, to several targets) are
    /// drawn the long way round to one of their targets, which ``shortenDetours(in:)`` leaves
    /// as they are: the layout is chosen with as few as it can have.
    var junctionDetours: Int { detours(throughJunctionsOnly: true) }

    /// How many transitions are drawn the long way round to one of their targets: all of them,
    /// or only those through a junction.
    func detours(throughJunctionsOnly: Bool) -> Int {
        transitions.values.filter { transition in
            (!throughJunctionsOnly || transition.edges.count > 2)
                && isDetour(transition, along: transition.edges.map(\.curve), limit: Self.longestDetour)
        }.count
    }

    /// Whether `transition`, its edges drawn along `curves`, is drawn the long way round to one
    /// of its targets: through its label (and junction) to the arrow's tip, as DiagramCheck
    /// measures it, longer than ``shortestDetour`` and more than `limit` times the straight
    /// distance between its ends.
    /// An edge redrawn with its arrowhead turned says where the arrowhead reaches in `reaches`.
    func isDetour(
        _ transition: Transition, along curves: [[pointf]], limit: Double,
        reaches: [UnsafeMutablePointer<Agedge_t>: ObstacleRoute.Point] = [:]
    ) -> Bool {
        let parts = Array(zip(transition.edges, curves))
        guard let (into, intoCurve) = parts.first(where: { $0.0.part == "source" }), let start = intoCurve.first else {
            return false
        }
        let shared = parts.filter { $0.0.part != "target" }.reduce(0) { $0 + Self.length($1.1) }
        return parts.contains { out, curve in
            guard out.part == "target", let last = curve.last, !isLoop(into, out) else { return false }
            let reach = reaches[out.edge] ?? Self.arrowReach(of: out.edge)
            let end = ObstacleRoute.Point(x: last.x + reach.x, y: last.y + reach.y)
            let length = shared + Self.length(curve) + ObstacleRoute.Point(x: 0, y: 0).distance(to: reach)
            let straight = Self.point(start).distance(to: end)
            return length > Self.shortestDetour && length > limit * straight
        }
    }

    /// How far `edge`'s arrowhead reaches beyond the end of its curve as it lies now (nothing
    /// without one). A bent end carries its arrowhead along, so the reach holds for the bent
    /// curve too.
    static func arrowReach(of edge: UnsafeMutablePointer<Agedge_t>) -> ObstacleRoute.Point {
        var tip = pointf()
        var buffer = [pointf](repeating: pointf(), count: 64)
        guard fsmviz_edge_arrow_tip(edge, &tip) != 0, let last = controls(of: edge, buffer: &buffer).last else {
            return ObstacleRoute.Point(x: 0, y: 0)
        }
        return ObstacleRoute.Point(x: tip.x - last.x, y: tip.y - last.y)
    }

    /// Moves `transition`'s label onto the short way, if its drawing is a detour and a place is
    /// found; whether it moved.
    private func shortenDetour(of transition: Transition) -> Bool {
        guard transition.edges.count == 2,
            let into = transition.edges.first(where: { $0.part == "source" }),
            let out = transition.edges.first(where: { $0.part == "target" }),
            into.head == out.tail, into.tail != out.head,
            let first = into.curve.first, let last = out.curve.last,
            isDetour(transition, along: transition.edges.map(\.curve), limit: Self.longestDetour)
        else { return false }
        let (start, end) = (Self.point(first), Self.point(last))
        let straight = start.distance(to: end)

        let label = into.headNode
        let old = Self.box(fsmviz_node_box(label))
        let (halfWidth, halfHeight) = ((old.maxX - old.minX) / 2, (old.maxY - old.minY) / 2)
        let oldCentre = ObstacleRoute.Point(x: (old.minX + old.maxX) / 2, y: (old.minY + old.maxY) / 2)
        let domain = clusters.indices.filter { Self.holds(clusters[$0].box, oldCentre) }
        let nodeBoxes = Self.visibleNodes(of: graph)
        let others = Self.visibleCurves(of: graph).filter { edge in !transition.edges.contains { $0.edge == edge.edge } }
            .map { (curve: $0.curve, bounds: Self.bounds(of: $0.curve)) }
        let whole = fsmviz_bounds(graph)
        let bounds = Self.box(whole)

        // Along the straight line, then ever further beside it on either side.
        let (dx, dy) = ((end.x - start.x) / max(straight, 1), (end.y - start.y) / max(straight, 1))
        let step = 2 * halfHeight + 2 * Self.room
        for offset in [0.0, 1, -1, 2, -2, 3, -3, 4, -4, 6, -6] {
            for along in [0.5, 0.35, 0.65] {
                let centre = ObstacleRoute.Point(
                    x: start.x + (end.x - start.x) * along - dy * offset * step,
                    y: start.y + (end.y - start.y) * along + dx * offset * step)
                let box = ObstacleRoute.Box(
                    minX: centre.x - halfWidth, minY: centre.y - halfHeight, maxX: centre.x + halfWidth,
                    maxY: centre.y + halfHeight)
                let roomy = box.expanded(by: Self.room)
                guard roomy.minX >= bounds.minX, roomy.minY >= bounds.minY, roomy.maxX <= bounds.maxX,
                    roomy.maxY <= bounds.maxY,
                    !nodeBoxes.contains(where: { $0.0 != into.head && $0.1.intersects(roomy) }),
                    clusters.indices.allSatisfy({ cluster in
                        let outline = Self.box(clusters[cluster].box)
                        let inside = domain.contains(cluster)
                        return inside ? Self.encloses(outline, roomy) : !outline.intersects(roomy)
                    }),
                    !others.contains(where: { $0.bounds.intersects(roomy) && Self.passes(through: roomy, $0.curve) })
                else { continue }
                let excluded: Set<Int> = [into.tail, into.head, out.head]
                guard
                    let toLabel = ObstacleRoute(
                        obstacles: obstacles(for: transition, ends: [start, centre], excluding: excluded, nodeBoxes: nodeBoxes),
                        bounds: bounds
                    ).path(from: start, to: centre),
                    let fromLabel = way(
                        for: out, from: centre,
                        around: obstacles(for: transition, ends: [centre, end], excluding: excluded, nodeBoxes: nodeBoxes),
                        within: bounds),
                    let inbound = Self.clipped(toLabel, at: box),
                    let outbound = Self.clipped(fromLabel.path.reversed(), at: box).map({ Array($0.reversed()) })
                else { continue }
                let shorter = Self.length(inbound) + Self.length(outbound)
                guard shorter <= max(Self.longestDetour * straight, Self.shortestDetour) else { continue }
                fsmviz_set_node_centre(label, pointf(x: centre.x, y: centre.y))
                return redraw(into, along: (inbound, nil)) && redraw(out, along: (outbound, fromLabel.tip))
            }
        }
        return false
    }

    /// Whether the transition leads from a state to one of its own descendants or ancestors,
    /// whose drawing is a loop by nature: one end is a cluster that holds the other end.
    func isLoop(_ into: Edge, _ out: Edge) -> Bool {
        let source = cluster(into.edge, "ltail")
        let target = cluster(out.edge, "lhead")
        if let source, clusters[source].nodes.contains(out.head) { return true }
        if let target, clusters[target].nodes.contains(into.tail) { return true }
        if let source, let target, clusters[source].ancestors.contains(target) || clusters[target].ancestors.contains(source) {
            return true
        }
        return source != nil && source == target
    }

    /// `path` up to where it first enters `box` (which holds its last point), or `nil` when it
    /// starts inside.
    private static func clipped(_ path: [ObstacleRoute.Point], at box: ObstacleRoute.Box) -> [ObstacleRoute.Point]? {
        guard let entry = path.firstIndex(where: { holds(box, $0) }), entry > 0 else { return nil }
        let (outside, inside) = (path[entry - 1], path[entry])
        // Where the segment crosses the border: the largest step from `outside` still outside.
        var (low, high) = (0.0, 1.0)
        for _ in 0..<30 {
            let middle = (low + high) / 2
            let point = ObstacleRoute.Point(
                x: outside.x + (inside.x - outside.x) * middle, y: outside.y + (inside.y - outside.y) * middle)
            if holds(box, point) { high = middle } else { low = middle }
        }
        let border = ObstacleRoute.Point(x: outside.x + (inside.x - outside.x) * low, y: outside.y + (inside.y - outside.y) * low)
        return Array(path[..<entry]) + [border]
    }

    private static func holds(_ box: boxf, _ point: ObstacleRoute.Point) -> Bool {
        point.x >= box.LL.x && point.x <= box.UR.x && point.y >= box.LL.y && point.y <= box.UR.y
    }

    private static func holds(_ box: ObstacleRoute.Box, _ point: ObstacleRoute.Point) -> Bool {
        point.x >= box.minX && point.x <= box.maxX && point.y >= box.minY && point.y <= box.maxY
    }

    private static func encloses(_ outer: ObstacleRoute.Box, _ inner: ObstacleRoute.Box) -> Bool {
        inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    private static func passes(through box: ObstacleRoute.Box, _ curve: [pointf]) -> Bool {
        zip(curve, curve.dropFirst()).contains { box.blocks(point($0), point($1)) || holds(box, point($0)) }
    }

    private static func bounds(of curve: [pointf]) -> ObstacleRoute.Box {
        ObstacleRoute.Box.enclosing(curve.map(point)).expanded(by: 1)
    }

    static func point(_ point: pointf) -> ObstacleRoute.Point { ObstacleRoute.Point(x: point.x, y: point.y) }

    static func length(_ curve: [pointf]) -> Double {
        zip(curve, curve.dropFirst()).reduce(0) { $0 + point($1.0).distance(to: point($1.1)) }
    }

    private static func length(_ path: [ObstacleRoute.Point]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// Points along every visible edge's curves (transitions', start points' and stubs'), by edge.
    private static func visibleCurves(
        of graph: UnsafeMutablePointer<Agraph_t>
    ) -> [(edge: UnsafeMutablePointer<Agedge_t>, curve: [pointf])] {
        var buffer = [pointf](repeating: pointf(), count: 64)
        return visibleEdges(of: graph).map { ($0, curve(of: $0, buffer: &buffer)) }
    }
}
