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

extension SendResult: CustomStringConvertible {
    /// The case with its values as they print: `transitioned([closed --open--> open])`,
    /// `rejected(notAllowed(lock, in: open))`.
    public var description: String {
        switch self {
        case .transitioned(let changes): "transitioned(\(Self.list(changes)))"
        case .queued: "queued"
        case .rejected(let error): "rejected(\(error))"
        case .interrupted(let changes, let error): "interrupted(\(Self.list(changes)), \(error))"
        }
    }

    /// An array's own description would show each change's debug description.
    private static func list(_ changes: [Change<State, Event>]) -> String {
        "[" + changes.map(\.description).joined(separator: ", ") + "]"
    }
}
