/// Callbacks a state runs as the machine enters and leaves it (Transporter's state hooks).
public struct StateHooks<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    /// Runs with the transition's context.
    public typealias Callback = @Sendable (TransitionContext<State, Event>) -> Void

    /// Before the machine enters the state.
    public var willEnter: [Callback] = []
    /// After the machine entered the state.
    public var didEnter: [Callback] = []
    /// Before the machine leaves the state.
    public var willExit: [Callback] = []
    /// After the machine left the state.
    public var didExit: [Callback] = []

    /// No hooks.
    public init() {}
}
