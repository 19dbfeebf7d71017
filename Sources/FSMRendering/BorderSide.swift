/// One side of a cluster's box, on which edges clipped at the cluster's border end: where
/// along it an end may move without coming near the boxes drawn inside the cluster.
struct BorderSide {
    private enum Edge { case left, right, bottom, top }

    private let box: ObstacleRoute.Box
    private let edge: Edge

    /// The side of `box` that `point` lies on (within ``DrawnTransitions/tolerance``), or `nil`
    /// when it lies on none.
    init?(of box: ObstacleRoute.Box, at point: ObstacleRoute.Point) {
        let tolerance = DrawnTransitions.tolerance
        let sides: [(Edge, Double, Bool)] = [
            (.left, abs(point.x - box.minX), point.y >= box.minY - tolerance && point.y <= box.maxY + tolerance),
            (.right, abs(point.x - box.maxX), point.y >= box.minY - tolerance && point.y <= box.maxY + tolerance),
            (.bottom, abs(point.y - box.minY), point.x >= box.minX - tolerance && point.x <= box.maxX + tolerance),
            (.top, abs(point.y - box.maxY), point.x >= box.minX - tolerance && point.x <= box.maxX + tolerance),
        ]
        guard let nearest = sides.filter({ $0.2 && $0.1 <= tolerance }).min(by: { $0.1 < $1.1 }) else { return nil }
        self.box = box
        self.edge = nearest.0
    }

    private init(box: ObstacleRoute.Box, edge: Edge) {
        self.box = box
        self.edge = edge
    }

    /// The four sides of `box`.
    static func all(of box: ObstacleRoute.Box) -> [BorderSide] {
        [Edge.left, .right, .bottom, .top].map { BorderSide(box: box, edge: $0) }
    }

    /// The point `distance` out from the side (away from the box) at `position` along it: on
    /// the side itself by default.
    func point(at position: Double, out distance: Double = 0) -> ObstacleRoute.Point {
        switch edge {
        case .left: ObstacleRoute.Point(x: box.minX - distance, y: position)
        case .right: ObstacleRoute.Point(x: box.maxX + distance, y: position)
        case .bottom: ObstacleRoute.Point(x: position, y: box.minY - distance)
        case .top: ObstacleRoute.Point(x: position, y: box.maxY + distance)
        }
    }

    private var isHorizontal: Bool { edge == .bottom || edge == .top }

    /// Where `point` lies along the side: its x on the top or bottom, its y on the left or right.
    func position(of point: ObstacleRoute.Point) -> Double { isHorizontal ? point.x : point.y }

    /// How far `point` lies from the side's line.
    func distance(to point: ObstacleRoute.Point) -> Double { abs(across(point)) }

    /// `point`'s signed distance from the side's line (its x or y less the side's).
    private func across(_ point: ObstacleRoute.Point) -> Double {
        switch edge {
        case .left: point.x - box.minX
        case .right: point.x - box.maxX
        case .bottom: point.y - box.minY
        case .top: point.y - box.maxY
        }
    }

    /// The positions along the side whose points lie within `reach` of `inner` (a box inside
    /// the cluster), or `nil` when none does.
    func span(of inner: ObstacleRoute.Box, within reach: Double) -> (Double, Double)? {
        let gap: Double
        switch edge {
        case .left: gap = inner.minX - box.minX
        case .right: gap = box.maxX - inner.maxX
        case .bottom: gap = inner.minY - box.minY
        case .top: gap = box.maxY - inner.maxY
        }
        let across = max(gap, 0)
        guard across < reach else { return nil }
        let spread = (reach * reach - across * across).squareRoot()
        return isHorizontal ? (inner.minX - spread, inner.maxX + spread) : (inner.minY - spread, inner.maxY + spread)
    }

    /// The positions, at least `inset` from the side's corners, clear of every span in
    /// `blocked`: those just clear of a span, and every `step` between them, where an end can
    /// move to.
    func freePositions(avoiding blocked: [(Double, Double)], inset: Double, step: Double) -> [Double] {
        let (low, high) = isHorizontal ? (box.minX + inset, box.maxX - inset) : (box.minY + inset, box.maxY - inset)
        guard low <= high, step > 0 else { return [] }
        let edges = [low, high] + blocked.flatMap { [$0.0 - 0.5, $0.1 + 0.5] }
        let candidates = edges + stride(from: low, through: high, by: step)
        return Set(candidates).sorted().filter { position in
            position >= low && position <= high && !blocked.contains { position > $0.0 && position < $0.1 }
        }
    }

    /// The positions along the side where `curve` (points along an edge) meets it: where a
    /// step of the curve crosses the side's line, or ends on it, within the side's length.
    func crossings(of curve: [ObstacleRoute.Point]) -> [Double] {
        let tolerance = DrawnTransitions.tolerance
        let (low, high) = isHorizontal ? (box.minX, box.maxX) : (box.minY, box.maxY)
        var found: [Double] = []
        for (from, to) in zip(curve, curve.dropFirst()) {
            let (a, b) = (across(from), across(to))
            let position: Double
            if abs(b) <= tolerance {
                position = self.position(of: to)
            } else if a * b < 0 {
                let t = a / (a - b)
                position = self.position(of: from) + t * (self.position(of: to) - self.position(of: from))
            } else {
                continue
            }
            if position >= low - tolerance && position <= high + tolerance { found.append(position) }
        }
        if let first = curve.first, abs(across(first)) <= tolerance { found.append(position(of: first)) }
        return found
    }

    /// Whether the segment from `start` to `end` runs along the side, both within `distance`
    /// of its line, over more than `length` of the side's own extent.
    func runs(along start: ObstacleRoute.Point, _ end: ObstacleRoute.Point, within distance: Double, longerThan length: Double) -> Bool {
        guard abs(across(start)) <= distance, abs(across(end)) <= distance else { return false }
        let (low, high) = isHorizontal ? (box.minX, box.maxX) : (box.minY, box.maxY)
        let (from, to) = (position(of: start), position(of: end))
        return min(max(from, to), high) - max(min(from, to), low) > length
    }

    /// The move along the side from position `current` to `position`.
    func offset(from current: Double, to position: Double) -> (x: Double, y: Double) {
        isHorizontal ? (position - current, 0) : (0, position - current)
    }
}
