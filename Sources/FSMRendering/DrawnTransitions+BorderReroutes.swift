internal import CGraphviz

extension DrawnTransitions {
    /// How many places round a border an end that cannot slide along its own side tries, the
    /// nearest to the edge's other end first.
    static let rerouteAttempts = 16

    /// Draws the edge of `end`, which lies beside a box inside its cluster and cannot slide
    /// along its side, anew: from its other end, around the boxes in the way, to the place on
    /// any side of the cluster's `border` that is clear of the boxes `inside` it, of the other
    /// ends and of the fixed curves, meeting the border square to it. Of the places tried
    /// (``rerouteAttempts``), the way kept is the shortest, each crossing of another edge
    /// counted as ``crossingCost`` more, of those that keep out of every node (labels
    /// included) and every unrelated cluster, run along no cluster's border and are no detour
    /// where the edge was none; without one, the edge stays as it is. Whether it was redrawn.
    func reroute(
        _ end: BorderEnd, around border: ObstacleRoute.Box, inside: [ObstacleRoute.Box],
        nodeBoxes: [(Int, ObstacleRoute.Box)], otherEnds: [BorderEnd], fixedCurves: [[ObstacleRoute.Point]]
    ) -> Bool {
        var buffer = [pointf](repeating: pointf(), count: 64)
        let controls = Self.controls(of: end.edge.edge, buffer: &buffer)
        guard let first = controls.first, let last = controls.last, let transition = transitions[end.transition] else {
            return false
        }
        let far = end.isHead ? Self.point(first) : Self.point(last)
        var places: [(side: BorderSide, position: Double)] = []
        for side in BorderSide.all(of: border) {
            let blocked = Self.blocked(on: side, for: end, inside: inside, otherEnds: otherEnds, fixedCurves: fixedCurves)
            places += side.freePositions(avoiding: blocked, inset: Self.besideChild, step: Self.endSpacing).map { (side, $0) }
        }
        let nearest = places.sorted { $0.side.point(at: $0.position).distance(to: far) < $1.side.point(at: $1.position).distance(to: far) }
        let whole = fsmviz_bounds(graph)
        let bounds = ObstacleRoute.Box(minX: whole.LL.x, minY: whole.LL.y, maxX: whole.UR.x, maxY: whole.UR.y)
        let others = Self.visibleEdges(of: graph).filter { $0 != end.edge.edge }.map { Self.curve(of: $0, buffer: &buffer).map(Self.point) }
        var best: (way: (path: [ObstacleRoute.Point], tip: ObstacleRoute.Point?), cost: Double)?
        for place in nearest.prefix(Self.rerouteAttempts) {
            let on = place.side.point(at: place.position)
            // No way is shorter than the straight line, and the places come nearest first.
            if let best, on.distance(to: far) >= best.cost { break }
            let obstacles = obstacles(for: transition, ends: [far, on], excluding: [end.edge.tail, end.edge.head], nodeBoxes: nodeBoxes)
            // The way keeps out of the cluster itself, off its border (so that it is not read as
            // running along it) unless the far end lies that close.
            let roomy = border.expanded(by: 2 * Self.room)
            let cluster = roomy.contains(far) ? border.expanded(by: -0.5) : roomy
            guard let way = way(for: end, at: place, from: far, around: obstacles, outside: cluster, within: bounds) else { continue }
            guard !runsAlongBorder(way.path) else { continue }
            let length = zip(way.path, way.path.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
            let cost = length + Self.crossingCost * Double(Self.crossings(of: way.path, with: others))
            guard best.map({ cost < $0.cost }) ?? true else { continue }
            let bent = ObstacleRoute.curve(along: way.path, radius: Self.room).map { pointf(x: $0.x, y: $0.y) }
            guard staysShort(end, bentTo: bent) else { continue }
            best = (way, cost)
        }
        guard let best else { return false }
        return redraw(end.edge, along: best.way)
    }

    /// What crossing another edge adds to a way's length when ways are compared, in points.
    static let crossingCost = 60.0

    /// How many times `path` crosses the curves `others` (points along each).
    private static func crossings(of path: [ObstacleRoute.Point], with others: [[ObstacleRoute.Point]]) -> Int {
        let legs = Array(zip(path, path.dropFirst()))
        return others.reduce(0) { total, curve in
            total + zip(curve, curve.dropFirst()).filter { step in legs.contains { ObstacleRoute.cross($0.0, $0.1, step.0, step.1) } }.count
        }
    }

    /// Whether a leg of `path` runs along a cluster's border, within ``tolerance`` of it for
    /// more than ``endSpacing``: drawn there, the edge would read as part of the border.
    private func runsAlongBorder(_ path: [ObstacleRoute.Point]) -> Bool {
        clusters.contains { cluster in
            let box = Self.box(cluster.box)
            return zip(path, path.dropFirst()).contains { from, to in
                BorderSide.all(of: box).contains { $0.runs(along: from, to, within: Self.tolerance, longerThan: Self.endSpacing) }
            }
        }
    }

    /// The way for `end`'s edge from the end that stays (`far`) to `place` on the border,
    /// around `obstacles` and outside `cluster` but for its last (or first) leg, which is
    /// square to the border, and the arrowhead's new tip when the moved end carries it; `nil`
    /// when there is none.
    private func way(
        for end: BorderEnd, at place: (side: BorderSide, position: Double), from far: ObstacleRoute.Point,
        around obstacles: [ObstacleRoute.Box], outside cluster: ObstacleRoute.Box, within bounds: ObstacleRoute.Box
    ) -> (path: [ObstacleRoute.Point], tip: ObstacleRoute.Point?)? {
        var buffer = [pointf](repeating: pointf(), count: 64)
        let controls = Self.controls(of: end.edge.edge, buffer: &buffer)
        var tip = pointf()
        let hasTip = fsmviz_edge_arrow_tip(end.edge.edge, &tip) != 0
        let arrow = hasTip ? controls.last.map { Self.point(tip).distance(to: Self.point($0)) } ?? 0 : 0
        let router = ObstacleRoute(obstacles: obstacles + [cluster], bounds: bounds)
        func clear(_ from: ObstacleRoute.Point, _ to: ObstacleRoute.Point) -> Bool {
            bounds.contains(from) && !cluster.contains(from)
                && !obstacles.contains { $0.contains(from) || $0.blocks(from, to) }
        }
        if end.isHead {
            let (side, position) = place
            let newEnd = side.point(at: position, out: arrow)
            let entry = side.point(at: position, out: arrow + 3 * Self.room)
            guard clear(entry, newEnd), let path = router.path(from: far, to: entry) else { return nil }
            return (path + [newEnd], hasTip ? side.point(at: position) : nil)
        }
        let start = place.side.point(at: place.position)
        let exit = place.side.point(at: place.position, out: 3 * Self.room)
        guard clear(exit, start) else { return nil }
        // The head keeps its end and arrowhead, so the way comes in along the arrowhead's axis.
        guard hasTip, arrow > 0 else { return router.path(from: exit, to: far).map { ([start] + $0, nil) } }
        let axis = (x: (far.x - tip.x) / arrow, y: (far.y - tip.y) / arrow)
        // As far back along the axis as is clear, so the curve runs straight into the arrowhead.
        for back in [2 * Self.room, Self.room] {
            let approach = ObstacleRoute.Point(x: far.x + axis.x * back, y: far.y + axis.y * back)
            if clear(approach, far), let path = router.path(from: exit, to: approach) { return ([start] + path + [far], nil) }
        }
        return nil
    }
}
