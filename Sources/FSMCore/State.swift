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
    /// Whether the state is parallel: its children are *regions*, all active together while
    /// it is (SCXML's `<parallel>`, XState's `type: 'parallel'`).
    public var isParallel: Bool
    /// The kind of pseudo-state this is (initial or history), or `nil` for a real state.
    public var pseudoState: PseudoState?
    /// Descriptions of what happens whenever the state is entered, in order.
    public var entryEffects: [String]
    /// Descriptions of what happens whenever the state is left, in order.
    public var exitEffects: [String]
    /// Where the state was declared, when it came from a file.
    public var location: SourceLocation?

    /// Creates a state.
    public init(
        _ id: StateID,
        label: String? = nil,
        kind: StateKind = .normal,
        parent: StateID? = nil,
        isParallel: Bool = false,
        pseudoState: PseudoState? = nil,
        entryEffects: [String] = [],
        exitEffects: [String] = [],
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.label = label
        self.kind = kind
        self.parent = parent
        self.isParallel = isParallel
        self.pseudoState = pseudoState
        self.entryEffects = entryEffects
        self.exitEffects = exitEffects
        self.location = location
    }

    /// The text a diagram shows for this state: its label, or its identifier.
    public var displayName: String { label ?? id.rawValue }
}
