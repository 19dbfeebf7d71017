/// A name that identifies one kind of thing (a state, an event) within a machine.
///
/// The `Kind` parameter keeps state and event identifiers from being mixed up while sharing
/// one implementation; use ``StateID`` and ``EventID``.
public struct Identifier<Kind>: Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
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

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Marks identifiers of states.
public enum StateIdentity: Sendable {}
/// Marks identifiers of events (EFStateMachine's actions, Stated's inputs).
public enum EventIdentity: Sendable {}

/// The identifier of a state, unique within its machine.
public typealias StateID = Identifier<StateIdentity>
/// The identifier of an event, unique within its machine.
public typealias EventID = Identifier<EventIdentity>
