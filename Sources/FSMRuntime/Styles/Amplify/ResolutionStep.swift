/// One event a ``ResolvingStateMachine`` resolved and applied: the state before and after,
/// and the effects it then ran.
public struct ResolutionStep<Root: StateTreeRoot>: Sendable {
    /// The event resolved.
    public let event: Root.Event
    /// The state before.
    public let oldState: Root
    /// The state after, as stored by the machine before the effects ran.
    public let newState: Root
    /// The labels of the effects the resolution returned, in the order they ran.
    public let effects: [String]

    /// The diagram leaf the machine left.
    public var source: Root.Node { oldState.node }
    /// The diagram leaf the machine is in now.
    public var target: Root.Node { newState.node }
}
