/// The identifier of a state, unique within its machine.
public struct StateID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identifier as written in the machine's definition.
    public var rawValue: String

    /// Creates an identifier from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: StateID, rhs: StateID) -> Bool { lhs.rawValue < rhs.rawValue }
}
