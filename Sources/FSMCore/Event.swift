/// An event that can trigger transitions.
public struct Event: Hashable, Sendable {
    /// The event's identifier, unique in its machine.
    public var id: EventID
    /// Text to show instead of the identifier, when it differs.
    public var label: String?
    /// Where the event was declared; `nil` when it was only used by transitions.
    public var location: SourceLocation?

    /// Creates an event.
    public init(_ id: EventID, label: String? = nil, location: SourceLocation? = nil) {
        self.id = id
        self.label = label
        self.location = location
    }

    /// The text a diagram shows for this event: its label, or its identifier.
    public var displayName: String { label ?? id.rawValue }
}
