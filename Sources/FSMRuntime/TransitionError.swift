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
