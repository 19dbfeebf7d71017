/// What handlers, guards, hooks and effects see while a transition runs.
public struct TransitionContext<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    /// The machine, for sending further events (they are queued until this transition
    /// completes) and reading its history.
    public let machine: StateMachine<State, Event>
    /// The state the transition leaves.
    public let source: State
    /// The event being handled, or `nil` for an automatic transition.
    public let event: Event?
    /// The value sent with the event, if any.
    public let payload: (any Sendable)?
    /// The state being entered; `nil` while guards run and the target is not yet chosen.
    public let target: State?

    @usableFromInline
    init(machine: StateMachine<State, Event>, source: State, event: Event?, payload: (any Sendable)?, target: State?) {
        self.machine = machine
        self.source = source
        self.event = event
        self.payload = payload
        self.target = target
    }
}
