extension ActionMachine {
    /// Why ``ActionMachine/perform(_:)`` did not change the state.
    public enum PerformError: Error, Hashable, Sendable {
        /// No handler is registered for the action.
        case unknownAction(Action)
        /// The action is registered, but not for the current state.
        case notAllowed(Action, in: State)
        /// The handler returned a state its registration does not list in `toStates`; the
        /// machine stayed where it was (EFStateMachine printed a warning and returned `nil`).
        case invalidState(State, allowed: [State], action: Action)
        /// The action was performed while another action runs (from one of its handlers or
        /// change handlers, or from another thread), so it waits for that action to complete
        /// and runs right after it; the caller is never made to wait.
        case queued(Action)

        init(_ error: TransitionError<State, Action>, action: Action) {
            switch error {
            case .unknownEvent(let action): self = .unknownAction(action)
            case .notAllowed(let action, let state): self = .notAllowed(action, in: state)
            case .invalidTarget(let state, let allowed, _): self = .invalidState(state, allowed: allowed, action: action)
            case .declinedByGuard, .handlerFailed, .automaticTransitionLoop:
                // ActionMachine registers no guards, no throwing handlers and no automatic
                // transitions, and its runtime is not reachable from outside.
                preconditionFailure("ActionMachine cannot receive \(error)")
            }
        }
    }
}

extension ActionMachine.PerformError: CustomStringConvertible {
    /// The error in a sentence, naming states and actions by their descriptions.
    public var description: String {
        switch self {
        case .unknownAction(let action):
            "no handler is registered for action '\(action)'"
        case .notAllowed(let action, let state):
            "action '\(action)' is not allowed in state '\(state)'"
        case .invalidState(let state, let allowed, let action):
            "the handler of action '\(action)' returned state '\(state)', which is not one of its toStates: "
                + allowed.map { "'\($0)'" }.joined(separator: ", ")
        case .queued(let action):
            "action '\(action)' was performed while another action runs (from one of its callbacks or another thread), so it is queued and runs when the current action completes"
        }
    }
}
