/// One drawn curve of an edge: Graphviz's cubic Bézier spline (`pos`), with the tips of its
/// arrowheads.
public struct DiagramSpline: Hashable, Sendable {
    /// The control points: a start point, then three per Bézier segment; never empty.
    public let controlPoints: [DiagramPoint]
    /// The tip of the arrowhead at the tail (`s,x,y`), when there is one.
    public var tailArrowTip: DiagramPoint?
    /// The tip of the arrowhead at the head (`e,x,y`), when there is one.
    public var headArrowTip: DiagramPoint?

    /// Creates a spline, or `nil` without control points.
    public init?(controlPoints: [DiagramPoint], tailArrowTip: DiagramPoint? = nil, headArrowTip: DiagramPoint? = nil) {
        guard !controlPoints.isEmpty else { return nil }
        self.controlPoints = controlPoints
        self.tailArrowTip = tailArrowTip
        self.headArrowTip = headArrowTip
    }

    /// Parses one spline of a `pos` attribute: `[s,x,y] [e,x,y] x,y x,y ...`.
    init?(graphviz text: Substring) {
        var points: [DiagramPoint] = []
        var tail: DiagramPoint?
        var head: DiagramPoint?
        for token in text.split(whereSeparator: \.isWhitespace) {
            let fields = token.split(separator: ",")
            let numbers = fields.compactMap { Double($0) }
            switch (fields.first, fields.count, numbers.count) {
            case ("s", 3, 2): tail = DiagramPoint(x: numbers[0], y: numbers[1])
            case ("e", 3, 2): head = DiagramPoint(x: numbers[0], y: numbers[1])
            case (_, 2, 2), (_, 3, 3): points.append(DiagramPoint(x: numbers[0], y: numbers[1]))
            default: return nil
            }
        }
        self.init(controlPoints: points, tailArrowTip: tail, headArrowTip: head)
    }

    /// Where the drawing starts: the tail's arrow tip, or the curve's first point.
    public var start: DiagramPoint { tailArrowTip ?? controlPoints[0] }

    /// Where the drawing ends: the head's arrow tip, or the curve's last point.
    public var end: DiagramPoint { headArrowTip ?? controlPoints[controlPoints.count - 1] }

    /// The curve as a polyline of `steps` points per Bézier segment, from ``start`` to
    /// ``end`` (arrowheads included as straight pieces).
    public func polyline(steps: Int = 16) -> [DiagramPoint] {
        var line: [DiagramPoint] = []
        if let tailArrowTip { line.append(tailArrowTip) }
        line.append(controlPoints[0])
        var index = 0
        while index + 3 < controlPoints.count {
            let (p0, p1, p2, p3) = (
                controlPoints[index], controlPoints[index + 1], controlPoints[index + 2], controlPoints[index + 3]
            )
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                let u = 1 - t
                let a = u * u * u
                let b = 3 * u * u * t
                let c = 3 * u * t * t
                let d = t * t * t
                line.append(
                    DiagramPoint(
                        x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
            index += 3
        }
        if let headArrowTip { line.append(headArrowTip) }
        return line
    }
}
