public import FSMCore

/// Transitions of a state in view that lead to, or come from, states out of view: a focused
/// diagram draws them as one dashed stub each way, labelled with the count.
public struct DiagramStub: Hashable, Sendable {
    /// The state in view.
    public var state: StateID
    /// Transitions from `state` with a target out of view.
    public var outgoing: Int
    /// Transitions from states out of view into `state`.
    public var incoming: Int

    /// Creates a stub.
    public init(state: StateID, outgoing: Int, incoming: Int) {
        self.state = state
        self.outgoing = outgoing
        self.incoming = incoming
    }
}
