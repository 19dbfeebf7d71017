extension DDStateMachine {
    /// Data a builder-made machine shares across all its states (DDStateMachine's extra state):
    /// a cache's expiry date, a retry count — what would make the state graph explode if each
    /// value were a state of its own.
    ///
    /// The machine keeps one value behind a lock. Conditions (`ifCondition`, `ifResult`) read a
    /// copy, `on` hooks change the stored value in place, and a work state's work receives a copy
    /// taken as it starts. A struct is the natural choice; a class must itself be `Sendable`.
    public protocol ExtraStateProtocol: Sendable {
        /// The value a machine starts with when ``StateMachineBuilder/build(initialState:extraState:)``
        /// is not given one.
        init()
    }
}
