extension Stated {
    /// Stands for a state type in mappings: `States.loggedIn = LoggedInState.slot`.
    ///
    /// Slots of the same type are the same state. Compare a machine's current state with a
    /// slot using `==`, or match it in a `switch`: `case States.loggedIn:`.
    public struct StateSlot<StateForSlot: State>: Hashable, Sendable {
        /// Creates the slot of `StateForSlot`.
        public init() {}

        /// The state's identifier: `StateForSlot.stateName`.
        public var name: String { StateForSlot.stateName }

        /// The description of the state in the machine's definition, where it has no value.
        var definition: AnyState { AnyState(slotOf: StateForSlot.self) }
    }
}
