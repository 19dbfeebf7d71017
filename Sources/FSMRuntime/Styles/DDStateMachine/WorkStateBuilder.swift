extension DDStateMachine {
    /// A state that runs work each time the machine enters it (DDStateMachine's
    /// `WorkStateBuilder`); the work's result picks the transition out of it (`ifResult`).
    ///
    /// ```swift
    /// let inProgress = WorkStateBuilder<SyncStatus, SyncEvent, SyncExtraState, Bool>(.inProgress) {
    ///     await service.doSync()
    /// }
    /// ```
    ///
    /// The work runs in a task, so the event or transition that entered the state completes at
    /// once. It starts after the entering transition's `on` hooks, so it sees what they changed,
    /// and it starts on every entry: when the state is the initial state, and when a cycle comes
    /// back to it (DDStateMachine skipped both). When the machine leaves the state before the
    /// work finishes, the task is cancelled and its result ignored.
    public struct WorkStateBuilder<
        State: Hashable & Sendable, Event: Hashable & Sendable, ExtraState: ExtraStateProtocol, WorkResult: Sendable
    >: StateBuilding, Sendable {
        /// The work: receives a copy of the extra state taken as the work starts.
        public typealias Work = @Sendable (ExtraState) async -> WorkResult

        /// The state described.
        public let state: State
        /// Text diagrams show instead of the state's name.
        public let label: String?
        let work: Work

        /// Describes `state`, whose `work` runs each time the machine enters it.
        public init(_ state: State, label: String? = nil, work: @escaping Work) {
            self.state = state
            self.label = label
            self.work = work
        }

        /// Describes `state`, whose `work` (which does not need the extra state) runs each time
        /// the machine enters it.
        public init(_ state: State, label: String? = nil, work: @escaping @Sendable () async -> WorkResult) {
            self.init(state, label: label) { _ in await work() }
        }
    }
}

extension DDStateMachine.WorkStateBuilder: DDStateMachine.WorkDeclaring {
    func makeRunner() -> any DDStateMachine.WorkRunning<ExtraState> {
        DDStateMachine.WorkRunner<ExtraState, WorkResult>(work: work)
    }
}
