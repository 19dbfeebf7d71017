internal import CGraphviz

extension DrawnTransitions {
    /// How many places on each side of a border an end that cannot slide along its own side
    /// tries, the nearest to the edge's other end first: a side whose nearest places all lie
    /// behind a box (a state beside the border) leaves the others their turn.
    static let rerouteAttempts = 4

    /// What crossing another edge adds to a way's length when ways are compared, in points.
    static let crossingCost = 60.0

    /// Draws the edge of `end`, which lies beside a box inside its cluster and cannot slide
    /// along its side, anew: from its other end, around every other node (labels included),
    /// every unrelated cluster and the cluster itself (``room`` twice over off its border,
    /// unless the other end lies that close), to a place on any side of the cluster's `border`
    /// that is clear of the boxes `inside` it, of the other ends and of the fixed curves,
    /// meeting the border square to it. Of the places tried (``rerouteAttempts`` a side), the way
    /// kept is the shortest, each crossing of another edge counted as ``crossingCost`` more,
    /// of those that run along no cluster's border, not back through the other end's own box,
    /// and are no detour where the edge was none; without one, the edge stays as it is.
    /// Whether it was redrawn.
    func redrawElsewhere(
        _ end: BorderEnd, around border: ObstacleRoute.Box, inside: [ObstacleRoute.Box],
        nodeBoxes: [(Int, ObstacleRoute.Box)], otherEnds: [BorderEnd], fixedCurves: [[ObstacleRoute.Point]]
    ) -> Bool {
        var buffer = [pointf](repeating: pointf(), count: 64)
        let controls = Array(Self.controls(of: end.edge.edge, buffer: &buffer))
        guard let first = controls.first, let last = controls.last, let transition = transitions[end.transition] else {
            return false
        }
        let far = end.isHead ? Self.point(first) : Self.point(last)
        // An edge clipped at the border comes from outside; one that does not is not this case.
        guard !border.contains(far) else { return false }
        var tip = pointf()
        let arrow = fsmviz_edge_arrow_tip(end.edge.edge, &tip) != 0 ? Self.point(tip).distance(to: Self.point(last)) : 0
        let farNode = end.isHead ? end.edge.tail : end.edge.head
        // Less a little: a curve starts inside a rounded box's corners.
        let farBox = nodeBoxes.first { $0.0 == farNode }?.1.expanded(by: -Self.tolerance)
        // Each place with how far it lies from the other end, nearest first.
        var places: [(side: BorderSide, position: Double, distance: Double)] = []
        for side in BorderSide.all(of: border) {
            let blocked = Self.blocked(on: side, for: end, inside: inside, otherEnds: otherEnds, fixedCurves: fixedCurves)
            places += side.freePositions(avoiding: blocked, inset: Self.besideChild, step: Self.endSpacing)
                .map { (side, $0, side.point(at: $0).distance(to: far)) }.sorted { $0.2 < $1.2 }.prefix(Self.rerouteAttempts)
        }
        let nearest = places.sorted { $0.distance < $1.distance }
        let bounds = Self.box(fsmviz_bounds(graph))
        let roomy = border.expanded(by: 2 * Self.room)
        let cluster = roomy.contains(far) ? border.expanded(by: -0.5) : roomy
        let others = Self.visibleEdges(of: graph).filter { $0 != end.edge.edge }.map { edge in
            let points = Self.curve(of: edge, buffer: &buffer).map(Self.point)
            return (box: ObstacleRoute.Box.enclosing(points), points: points)
        }
        var best: (way: (path: [ObstacleRoute.Point], tip: ObstacleRoute.Point?), cost: Double)?
        for place in nearest {
            let on = place.side.point(at: place.position)
            // No way is shorter than the straight line to the place (less the arrowhead a head
            // end's way stops short by), and the places come nearest first.
            if let best, place.distance - (end.isHead ? arrow : 0) >= best.cost { break }
            // The other end's own box too, which the way may only leave (or enter) from where
            // the edge meets it.
            let obstacles =
                obstacles(for: transition, ends: [far, on], excluding: [end.edge.tail, end.edge.head], nodeBoxes: nodeBoxes)
                + [farBox].compactMap { $0 }
            let way =
                end.isHead
                ? wayIn(at: (place.side, place.position), from: far, arrow: arrow, around: obstacles, outside: cluster, within: bounds)
                : wayOut(of: end, at: (place.side, place.position), around: obstacles, outside: cluster, within: bounds)
            guard let way, !runsAlongBorder(way.path),
                !(farBox.map { box in zip(way.path, way.path.dropFirst()).contains { box.blocks($0, $1) } } ?? false)
            else { continue }
            let length = zip(way.path, way.path.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
            let cost = length + Self.crossingCost * Double(Self.crossings(of: way.path, with: others))
            guard best.map({ cost < $0.cost }) ?? true else { continue }
            let reach = way.tip.flatMap { tip in way.path.last.map { ObstacleRoute.Point(x: tip.x - $0.x, y: tip.y - $0.y) } }
            guard staysShort(end, bentTo: Self.controls(along: way.path), reach: reach) else { continue }
            best = (way, cost)
        }
        guard let best else { return false }
        return redraw(end.edge, along: best.way)
    }

    /// How many times `path` crosses the curves `others` (points along each, within its box).
    private static func crossings(
        of path: [ObstacleRoute.Point], with others: [(box: ObstacleRoute.Box, points: [ObstacleRoute.Point])]
    ) -> Int {
        let reach = ObstacleRoute.Box.enclosing(path)
        var count = 0
        // Plain loops: this runs for every place tried, against every edge of the drawing.
        for other in others where other.box.intersects(reach) {
            let points = other.points
            for step in points.indices.dropFirst() {
                for leg in path.indices.dropFirst()
                where ObstacleRoute.cross(path[leg - 1], path[leg], points[step - 1], points[step]) {
                    count += 1
                    break
                }
            }
        }
        return count
    }

    /// Whether a leg of `path` runs along a cluster's border, within 1.5 ``room`` of it for
    /// more than ``endSpacing``: drawn that close, the edge would read as a second border (a
    /// way round a compound state itself keeps twice ``room`` off).
    private func runsAlongBorder(_ path: [ObstacleRoute.Point]) -> Bool {
        clusters.contains { cluster in
            let box = Self.box(cluster.box)
            return zip(path, path.dropFirst()).contains { from, to in
                BorderSide.all(of: box).contains { $0.runs(along: from, to, within: 1.5 * Self.room, longerThan: Self.endSpacing) }
            }
        }
    }

    /// The way for an edge's head from `far` to `place` on the border, around `obstacles` and
    /// outside `cluster` but for its last leg, which comes in square to the border and stops
    /// `arrow` short of it, where the arrowhead's new tip is (when it has one); `nil` when
    /// there is none.
    private func wayIn(
        at place: (side: BorderSide, position: Double), from far: ObstacleRoute.Point, arrow: Double,
        around obstacles: [ObstacleRoute.Box], outside cluster: ObstacleRoute.Box, within bounds: ObstacleRoute.Box
    ) -> (path: [ObstacleRoute.Point], tip: ObstacleRoute.Point?)? {
        let (side, position) = place
        let newEnd = side.point(at: position, out: arrow)
        let entry = side.point(at: position, out: arrow + 3 * Self.room)
        guard bounds.contains(entry), !cluster.contains(entry), !obstacles.contains(where: { $0.contains(entry) || $0.blocks(entry, newEnd) }),
            let path = ObstacleRoute(obstacles: obstacles + [cluster], bounds: bounds).path(from: far, to: entry)
        else { return nil }
        return (path + [newEnd], arrow > 0 ? side.point(at: position) : nil)
    }

    /// The way for `end`'s edge from `place` on the border, leaving square to it, to where its
    /// head is now, around `obstacles` and outside `cluster` but for that first leg, as
    /// ``way(for:from:around:within:)`` draws it from there; `nil` when there is none.
    private func wayOut(
        of end: BorderEnd, at place: (side: BorderSide, position: Double), around obstacles: [ObstacleRoute.Box],
        outside cluster: ObstacleRoute.Box, within bounds: ObstacleRoute.Box
    ) -> (path: [ObstacleRoute.Point], tip: ObstacleRoute.Point?)? {
        let start = place.side.point(at: place.position)
        let exit = place.side.point(at: place.position, out: 3 * Self.room)
        guard bounds.contains(exit), !cluster.contains(exit), !obstacles.contains(where: { $0.contains(exit) || $0.blocks(exit, start) })
        else { return nil }
        // The head may have moved along its own border already: the way goes to where it is now.
        var edge = end.edge
        var buffer = [pointf](repeating: pointf(), count: 64)
        edge.curve = Self.curve(of: edge.edge, buffer: &buffer)
        return way(for: edge, from: exit, around: obstacles + [cluster], within: bounds).map { ([start] + $0.path, $0.tip) }
    }
}
