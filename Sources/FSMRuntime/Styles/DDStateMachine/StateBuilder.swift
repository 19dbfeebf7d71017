extension DDStateMachine {
    /// A state without work (DDStateMachine's `StateBuilder`): the machine waits in it for an
    /// event.
    ///
    /// ```swift
    /// let notSynced = StateBuilder<SyncStatus, SyncEvent, SyncExtraState>(.notSynced, label: "Not Synced")
    /// ```
    public struct StateBuilder<
        State: Hashable & Sendable, Event: Hashable & Sendable, ExtraState: ExtraStateProtocol
    >: StateBuilding, Sendable {
        /// The state described.
        public let state: State
        /// Text diagrams show instead of the state's name.
        public let label: String?

        /// Describes `state`, shown in diagrams as `label` when one is given.
        public init(_ state: State, label: String? = nil) {
            self.state = state
            self.label = label
        }
    }
}
