/// A point of a laid-out drawing, in Graphviz's coordinates: points (1/72 inch), with `y`
/// growing upwards.
public struct DiagramPoint: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing upwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The straight-line distance to `other`.
    public func distance(to other: DiagramPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// `(x, y)` rounded to a tenth of a point.
    public var description: String {
        "(\(Self.rounded(x)), \(Self.rounded(y)))"
    }

    /// `value` rounded to `1 / scale`, without a trailing `.0`.
    static func rounded(_ value: Double, scale: Double = 10) -> String {
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
