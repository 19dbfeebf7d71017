/// An axis-aligned rectangle of a laid-out drawing: a node's bounding box, a cluster's `bb`,
/// a label's text.
public struct DiagramBox: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var minX: Double
    /// The bottom edge (Graphviz's `y` grows upwards).
    public var minY: Double
    /// The right edge.
    public var maxX: Double
    /// The top edge.
    public var maxY: Double

    /// Creates a box from its edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = min(minX, maxX)
        self.minY = min(minY, maxY)
        self.maxX = max(minX, maxX)
        self.maxY = max(minY, maxY)
    }

    /// Creates a box of `width` × `height` points centred on `center`.
    public init(center: DiagramPoint, width: Double, height: Double) {
        self.init(
            minX: center.x - width / 2, minY: center.y - height / 2, maxX: center.x + width / 2,
            maxY: center.y + height / 2)
    }

    /// Where a line of text starts, relative to the point it is placed at.
    public enum TextAlignment: Sendable {
        /// The line starts at the point.
        case left
        /// The line is centred on the point.
        case centre
        /// The line ends at the point.
        case right
    }

    /// The box of one line of text `width` points wide in a `fontSize` font whose baseline is
    /// placed at `baseline` (`y` growing upwards): the one rule for every drawing's text.
    ///
    /// A line's glyphs reach about 0.9 of the font size above the baseline and 0.3 below, the
    /// 1.2 em Graphviz spaces lines by.
    public init(textAt baseline: DiagramPoint, width: Double, fontSize: Double, alignment: TextAlignment) {
        let minX =
            switch alignment {
            case .left: baseline.x
            case .centre: baseline.x - width / 2
            case .right: baseline.x - width
            }
        self.init(minX: minX, minY: baseline.y - 0.3 * fontSize, maxX: minX + width, maxY: baseline.y + 0.9 * fontSize)
    }

    /// The width in points.
    public var width: Double { maxX - minX }
    /// The height in points.
    public var height: Double { maxY - minY }
    /// The centre.
    public var center: DiagramPoint { DiagramPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// The box grown by `amount` on every side (shrunk for a negative amount; never below a
    /// point at its centre).
    public func expanded(by amount: Double) -> DiagramBox {
        guard amount < 0 else {
            return DiagramBox(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
        }
        let dx = min(-amount, width / 2)
        let dy = min(-amount, height / 2)
        return DiagramBox(minX: minX + dx, minY: minY + dy, maxX: maxX - dx, maxY: maxY - dy)
    }

    /// Whether `point` lies inside the box or on its border.
    public func contains(_ point: DiagramPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// How far `point` lies outside the box; 0 inside or on the border.
    public func distance(to point: DiagramPoint) -> Double {
        let dx = max(minX - point.x, 0, point.x - maxX)
        let dy = max(minY - point.y, 0, point.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// How far `point` lies from the box's border, inside or out.
    public func distanceToBorder(from point: DiagramPoint) -> Double {
        guard contains(point) else { return distance(to: point) }
        return min(point.x - minX, maxX - point.x, point.y - minY, maxY - point.y)
    }

    /// Whether the two boxes share more than a border.
    public func intersects(_ other: DiagramBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether this box lies entirely within `other`.
    public func isInside(_ other: DiagramBox) -> Bool {
        minX >= other.minX && maxX <= other.maxX && minY >= other.minY && maxY <= other.maxY
    }

    /// The smallest box holding both.
    public func union(_ other: DiagramBox) -> DiagramBox {
        DiagramBox(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }

    /// Whether the segment from `start` to `end` passes through the box's interior or border
    /// (Liang–Barsky clipping).
    public func intersects(segmentFrom start: DiagramPoint, to end: DiagramPoint) -> Bool {
        var entry = 0.0
        var exit = 1.0
        let dx = end.x - start.x
        let dy = end.y - start.y
        for (p, q) in [(-dx, start.x - minX), (dx, maxX - start.x), (-dy, start.y - minY), (dy, maxY - start.y)] {
            if p == 0 {
                if q < 0 { return false }
                continue
            }
            let ratio = q / p
            if p < 0 { entry = max(entry, ratio) } else { exit = min(exit, ratio) }
            if entry > exit { return false }
        }
        return true
    }

    /// The shortest distance between the box and the segment from `start` to `end`; 0 when
    /// they meet.
    public func distance(toSegmentFrom start: DiagramPoint, to end: DiagramPoint) -> Double {
        if intersects(segmentFrom: start, to: end) { return 0 }
        // Apart, the closest pair has an end of the segment or a corner of the box in it.
        let corners = [
            DiagramPoint(x: minX, y: minY), DiagramPoint(x: minX, y: maxY), DiagramPoint(x: maxX, y: minY),
            DiagramPoint(x: maxX, y: maxY),
        ]
        let fromCorners = corners.map { Self.distance(from: $0, toSegmentFrom: start, to: end) }.min() ?? .infinity
        return min(distance(to: start), distance(to: end), fromCorners)
    }

    private static func distance(from point: DiagramPoint, toSegmentFrom start: DiagramPoint, to end: DiagramPoint) -> Double {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return point.distance(to: start) }
        let t = max(0, min(1, ((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared))
        return point.distance(to: DiagramPoint(x: start.x + t * dx, y: start.y + t * dy))
    }

    /// `x0,y0–x1,y1` rounded to a tenth of a point.
    public var description: String {
        "\(DiagramPoint.rounded(minX)),\(DiagramPoint.rounded(minY))–\(DiagramPoint.rounded(maxX)),\(DiagramPoint.rounded(maxY))"
    }
}
