extension DDStateMachine {
    /// Describes a machine state by state and transition by transition, then builds it
    /// (DDStateMachine's `StateMachineBuilder`).
    ///
    /// ```swift
    /// let builder = StateMachineBuilder<SyncStatus, SyncEvent, SyncExtraState>()
    /// builder.shouldTransit(notSynced ~> inProgress).by(event: .sync).immediately()
    /// builder.shouldTransit(inProgress ~> synced).ifResult("result") { result, _ in result }
    /// let machine = builder.build(initialState: notSynced)
    /// ```
    ///
    /// Each `shouldTransit` chain must end with `immediately()`, `ifCondition`, or `ifResult`:
    /// only then is the transition registered, and the compiler warns about a chain left unused.
    /// The built machine is a ``StateMachine`` of fsmviz's runtime underneath, with the builder's
    /// transitions as its rules; one builder can build several independent machines.
    public final class StateMachineBuilder<
        State: Hashable & Sendable, Event: Hashable & Sendable, ExtraState: ExtraStateProtocol
    > {
        private var states: [State] = []
        private var labels: [State: String] = [:]
        private var works: [State: any WorkDeclaring<ExtraState>] = [:]
        private var registrations: [TransitionRegistration<State, Event, ExtraState>] = []

        /// An empty builder.
        public init() {}

        /// Starts a transition out of a state without work; continue with `by(event:)`.
        public func shouldTransit<Target: StateBuilding>(
            _ direction: StateDirection<StateBuilder<State, Event, ExtraState>, Target>
        ) -> TransitionEventBuilder<State, Event, ExtraState> {
            TransitionEventBuilder(builder: self, source: direction.source, target: direction.target)
        }

        /// Starts a transition out of a work state; continue with `ifResult` (the work's result
        /// picks it) or `by(event:)`.
        public func shouldTransit<WorkResult, Target: StateBuilding>(
            _ direction: StateDirection<WorkStateBuilder<State, Event, ExtraState, WorkResult>, Target>
        ) -> WorkTransitionBuilder<State, Event, ExtraState, WorkResult> {
            WorkTransitionBuilder(builder: self, source: direction.source, target: direction.target)
        }

        /// Builds a machine in `initialState`, sharing `extraState` across its states.
        ///
        /// When `initialState` is a work state, its work starts at once (DDStateMachine never ran
        /// an initial state's work).
        public func build(
            initialState: some StateBuilding<State, Event, ExtraState>, extraState: ExtraState = ExtraState()
        ) -> BuiltStateMachine<State, Event, ExtraState> {
            note(initialState)
            return BuiltStateMachine(
                initialState: initialState.state, states: states, labels: labels,
                runners: works.mapValues { $0.makeRunner() }, registrations: registrations, extraState: extraState)
        }

        func register<Source: StateBuilding<State, Event, ExtraState>, Target: StateBuilding<State, Event, ExtraState>>(
            _ source: Source, _ target: Target, event: Event?, guardLabel: String?,
            makeGuard: TransitionRegistration<State, Event, ExtraState>.GuardFactory?, actions: [OnAction<ExtraState>]
        ) {
            note(source)
            note(target)
            registrations.append(
                TransitionRegistration(
                    source: source.state, target: target.state, event: event, guardLabel: guardLabel,
                    makeGuard: makeGuard, actions: actions))
        }

        /// Records a state in order of first mention, its first label, and its first work.
        private func note(_ builder: some StateBuilding<State, Event, ExtraState>) {
            let state = builder.state
            if !states.contains(state) { states.append(state) }
            if labels[state] == nil, let label = builder.label { labels[state] = label }
            if works[state] == nil, let work = builder as? any WorkDeclaring<ExtraState> { works[state] = work }
        }
    }
}
