extension Transporter {
    /// What firing an event did (Transporter's `Transition`).
    public enum TransitionResult<Value: Hashable & Sendable>: Sendable {
        /// The machine moved from `sourceState` to `destinationState`.
        case success(sourceState: State<Value>, destinationState: State<Value>)
        /// The event did not fire; the state is unchanged.
        case error(TransitionError)
        /// The event was fired from inside a closure of this machine, so it waits and fires
        /// once the current event completes (fsmviz's runtime runs one event at a time to
        /// completion; Transporter fired it at once, in the middle of the current one).
        case queued

        /// Whether the event fired.
        public var successful: Bool {
            if case .success = self { true } else { false }
        }
    }

    /// Why an event did not fire.
    public enum TransitionError: Error, Hashable, Sendable {
        /// The event's `shouldFireEvent` returned `false`.
        case transitionDeclined
        /// The machine has no event with that name.
        case unknownEvent
        /// No event with that name may fire in the current state.
        case wrongSourceState
    }

    /// Why ``StateMachine/addEvent(_:)`` refused an event.
    public enum EventError<Value: Hashable & Sendable>: Error, Hashable, Sendable {
        /// A source value is not a state of the machine, or (`nil`) the event has no source
        /// values, so it could never fire.
        case noSourceValue(Value?, event: String)
        /// The destination value is not a state of the machine.
        case noDestinationValue(Value, event: String)
    }
}

extension Transporter.EventError: CustomStringConvertible {
    /// The refusal in a sentence.
    public var description: String {
        switch self {
        case .noSourceValue(nil, let event):
            "event '\(event)' has no source values, so it could never fire"
        case .noSourceValue(let value?, let event):
            "event '\(event)' fires in state '\(value)', which the machine does not have; add the state first"
        case .noDestinationValue(let value, let event):
            "event '\(event)' leads to state '\(value)', which the machine does not have; add the state first"
        }
    }
}
