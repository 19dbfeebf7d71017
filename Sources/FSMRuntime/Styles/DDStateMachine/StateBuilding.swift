extension DDStateMachine {
    /// A state as a ``StateMachineBuilder`` sees it: a plain ``StateBuilder`` or a
    /// ``WorkStateBuilder`` that runs work whenever the machine enters it.
    ///
    /// The three associated types tie every builder of one machine together, so `a ~> b` only
    /// compiles when both describe states of the same machine.
    public protocol StateBuilding<State, Event, ExtraState> {
        /// The machine's state type.
        associatedtype State: Hashable & Sendable
        /// The machine's event type.
        associatedtype Event: Hashable & Sendable
        /// The data shared across the machine's states.
        associatedtype ExtraState: ExtraStateProtocol

        /// The state described.
        var state: State { get }
        /// Text diagrams show instead of the state's name.
        var label: String? { get }
    }
}
