/// The shortest polyline between two points that keeps out of a set of rectangles: the path a
/// second routing pass gives an edge that Graphviz ran through a box it must stay out of.
///
/// The path bends only at the obstacles' corners (a visibility graph), searched with A* whose
/// visibility tests are made only for vertices that would improve their distance.
/// - Complexity: O(v² × n) in the worst case for v = 4n corners of n obstacles; the search
///   first tries the obstacles near the two ends, and widens only when they leave no way.
struct ObstacleRoute {
    /// A point, in the layout's coordinates.
    struct Point: Hashable {
        var x: Double
        var y: Double

        func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
    }

    /// An axis-aligned rectangle.
    struct Box: Hashable {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        /// The smallest box holding `points`.
        static func enclosing(_ points: [Point]) -> Box {
            points.reduce(Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)) { box, point in
                Box(minX: min(box.minX, point.x), minY: min(box.minY, point.y), maxX: max(box.maxX, point.x), maxY: max(box.maxY, point.y))
            }
        }

        func expanded(by margin: Double) -> Box {
            Box(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
        }

        func contains(_ point: Point) -> Bool {
            point.x > minX && point.x < maxX && point.y > minY && point.y < maxY
        }

        func intersects(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        /// How far `point` lies from the box, 0 inside it.
        func distance(to point: Point) -> Double {
            let (dx, dy) = (max(minX - point.x, 0, point.x - maxX), max(minY - point.y, 0, point.y - maxY))
            return (dx * dx + dy * dy).squareRoot()
        }

        var corners: [Point] {
            [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
        }

        /// Whether the segment from `start` to `end` passes through the box's interior (a
        /// segment along a side, or ending on it, does not).
        func blocks(_ start: Point, _ end: Point) -> Bool {
            // Liang–Barsky clipping against the box shrunk by a hair, so touching is free; a
            // segment whose own box misses it is rejected first, as most are.
            let (minX, minY, maxX, maxY) = (self.minX + 1e-6, self.minY + 1e-6, self.maxX - 1e-6, self.maxY - 1e-6)
            guard minX < maxX, minY < maxY, max(start.x, end.x) > minX, min(start.x, end.x) < maxX,
                max(start.y, end.y) > minY, min(start.y, end.y) < maxY
            else { return false }
            var (low, high) = (0.0, 1.0)
            func clip(_ p: Double, _ q: Double) -> Bool {
                if p == 0 { return q > 0 }
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                return low < high
            }
            let (dx, dy) = (end.x - start.x, end.y - start.y)
            return clip(-dx, start.x - minX) && clip(dx, maxX - start.x) && clip(-dy, start.y - minY)
                && clip(dy, maxY - start.y)
        }
    }

    /// The rectangles the path must keep out of.
    let obstacles: [Box]
    /// The rectangle the path must stay within.
    let bounds: Box

    /// The polyline from `start` to `end`, both ends included, or `nil` when the obstacles
    /// leave no way within ``bounds``. Obstacles that hold either end are ignored.
    func path(from start: Point, to end: Point) -> [Point]? {
        let usable = obstacles.filter { !$0.contains(start) && !$0.contains(end) }
        // Near the ends first: most detours go round one or two boxes.
        var reach = max(abs(end.x - start.x), abs(end.y - start.y)) / 2 + 60
        while true {
            let window = Box(
                minX: min(start.x, end.x) - reach, minY: min(start.y, end.y) - reach,
                maxX: max(start.x, end.x) + reach, maxY: max(start.y, end.y) + reach)
            let clipped = Box(
                minX: max(window.minX, bounds.minX), minY: max(window.minY, bounds.minY),
                maxX: min(window.maxX, bounds.maxX), maxY: min(window.maxY, bounds.maxY))
            let near = usable.filter { $0.intersects(window) }
            if let path = Self.search(from: start, to: end, around: near, within: clipped) { return path }
            let covers =
                window.minX <= bounds.minX && window.minY <= bounds.minY
                && window.maxX >= bounds.maxX && window.maxY >= bounds.maxY
            if covers { return nil }
            reach *= 2
        }
    }

    private static func search(from start: Point, to end: Point, around obstacles: [Box], within bounds: Box) -> [Point]? {
        func visible(_ from: Point, _ to: Point) -> Bool { !obstacles.contains { $0.blocks(from, to) } }
        if visible(start, end) { return [start, end] }
        var vertices = [start, end]
        let inside = bounds.expanded(by: 1e-6)
        for corner in obstacles.flatMap(\.corners)
        where (inside.contains(corner)) && !obstacles.contains(where: { $0.contains(corner) }) {
            vertices.append(corner)
        }
        var distance = [Double](repeating: .infinity, count: vertices.count)
        var previous = [Int](repeating: -1, count: vertices.count)
        var closed = [Bool](repeating: false, count: vertices.count)
        distance[0] = 0
        // Few vertices: a linear scan for the next one beats a heap's bookkeeping.
        while true {
            var best = -1
            var bestEstimate = Double.infinity
            for vertex in vertices.indices where !closed[vertex] && distance[vertex] < .infinity {
                let estimate = distance[vertex] + vertices[vertex].distance(to: end)
                if estimate < bestEstimate { (best, bestEstimate) = (vertex, estimate) }
            }
            guard best >= 0 else { return nil }
            if best == 1 { break }
            closed[best] = true
            for next in vertices.indices where !closed[next] {
                let through = distance[best] + vertices[best].distance(to: vertices[next])
                guard through < distance[next], visible(vertices[best], vertices[next]) else { continue }
                distance[next] = through
                previous[next] = best
            }
        }
        var path = [end]
        var current = 1
        while previous[current] >= 0 {
            current = previous[current]
            path.append(vertices[current])
        }
        return path.reversed()
    }

    /// Whether the segments from `a` to `b` and from `c` to `d` cross: each has its ends on
    /// either side of the other's line.
    static func cross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0
    }

    /// Cubic Bézier control points (a start point, then three per segment) along `polyline`,
    /// its corners rounded by at most `radius` points: straight runs stay straight, and each
    /// bend stays within the triangle its corner cuts off.
    static func curve(along polyline: [Point], radius: Double) -> [Point] {
        guard let first = polyline.first, polyline.count > 1 else { return [] }
        func towards(_ from: Point, _ to: Point, _ length: Double) -> Point {
            let total = from.distance(to: to)
            guard total > 0 else { return from }
            let t = min(length / total, 1)
            return Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
        }
        func line(_ from: Point, _ to: Point) -> [Point] {
            [towards(from, to, from.distance(to: to) / 3), towards(to, from, from.distance(to: to) / 3), to]
        }
        var controls = [first]
        var current = first
        for index in 1..<polyline.count {
            let corner = polyline[index]
            guard index + 1 < polyline.count else {
                controls += line(current, corner)
                break
            }
            let next = polyline[index + 1]
            let cut = min(radius, corner.distance(to: current) / 2, corner.distance(to: next) / 2)
            let before = towards(corner, current, cut)
            let after = towards(corner, next, cut)
            controls += line(current, before)
            // A quadratic through the corner, raised to a cubic.
            controls += [towards(before, corner, cut * 2 / 3), towards(after, corner, cut * 2 / 3), after]
            current = after
        }
        return controls
    }
}
