/// Why an event did not change the machine's state.
///
/// An enum, unlike fsmviz's diagnostics, because the set is closed: these are all the ways the
/// runtime's semantics let an event fail, so code may switch over them exhaustively, as the
/// migration guides' ports of Stated and DDStateMachine do.
public enum TransitionError<State: Hashable & Sendable, Event: Hashable & Sendable>: Error, Hashable, Sendable {
    /// No transition anywhere is triggered by the event.
    case unknownEvent(Event)
    /// Transitions exist for the event, but none leaves the current state.
    case notAllowed(Event, in: State)
    /// Every transition that could fire was declined by its guard.
    case declinedByGuard(Event?, in: State)
    /// A handler chose a target its transition does not declare.
    case invalidTarget(State, allowed: [State], event: Event?)
    /// A handler threw; the state did not change.
    case handlerFailed(String, event: Event?)
    /// Automatic transitions kept firing without settling, which means they form a cycle.
    case automaticTransitionLoop(after: Int, in: State)
}

extension TransitionError: CustomStringConvertible {
    /// The case with its values as they print, `notAllowed(lock, in: open)`: a state or event
    /// inside an enum's payload would otherwise print with its module and type names.
    public var description: String {
        switch self {
        case .unknownEvent(let event): "unknownEvent(\(event))"
        case .notAllowed(let event, let state): "notAllowed(\(event), in: \(state))"
        case .declinedByGuard(let event, let state): "declinedByGuard(\(Self.text(event)), in: \(state))"
        case .invalidTarget(let target, let allowed, let event):
            "invalidTarget(\(target), allowed: [\(allowed.map { "\($0)" }.joined(separator: ", "))], event: \(Self.text(event)))"
        case .handlerFailed(let message, let event): "handlerFailed(\(String(reflecting: message)), event: \(Self.text(event)))"
        case .automaticTransitionLoop(let count, let state): "automaticTransitionLoop(after: \(count), in: \(state))"
        }
    }

    /// An optional event as it prints, `nil` for none.
    private static func text(_ event: Event?) -> String {
        event.map { "\($0)" } ?? "nil"
    }
}
