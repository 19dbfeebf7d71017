/// One state of a machine.
public struct State: Hashable, Sendable {
    /// The state's identifier, unique in its machine.
    public var id: StateID
    /// Text to show instead of the identifier, when it differs.
    public var label: String?
    /// Whether the state is initial, final or neither.
    public var kind: StateKind
    /// The compound state this state is nested in, or `nil` for a top-level state.
    public var parent: StateID?
    /// Where the state was declared, when it came from a file.
    public var location: SourceLocation?

    /// Creates a state.
    public init(
        _ id: StateID,
        label: String? = nil,
        kind: StateKind = .normal,
        parent: StateID? = nil,
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.label = label
        self.kind = kind
        self.parent = parent
        self.location = location
    }

    /// The text a diagram shows for this state: its label, or its identifier.
    public var displayName: String { label ?? id.rawValue }
}
