/// What sending an event did.
public enum SendResult<State: Hashable & Sendable, Event: Hashable & Sendable>: Hashable, Sendable {
    /// The machine moved; `changes` lists the transition the event caused followed by any
    /// automatic transitions that fired after it.
    case transitioned([Change<State, Event>])
    /// The event was sent from inside a handler, hook or effect of this machine, so it waits
    /// in the queue and runs once the current transition completes (run-to-completion).
    case queued
    /// The event was refused and the state is unchanged.
    case rejected(TransitionError<State, Event>)
    /// The event was accepted (`changes` happened), but an automatic transition after it
    /// failed, for example because automatic transitions loop.
    case interrupted([Change<State, Event>], TransitionError<State, Event>)

    /// The state the event led to, when it was processed and accepted.
    public var newState: State? {
        switch self {
        case .transitioned(let changes), .interrupted(let changes, _): changes.last?.target
        case .queued, .rejected: nil
        }
    }
}
