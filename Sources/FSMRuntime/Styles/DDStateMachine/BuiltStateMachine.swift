public import FSMCore

extension DDStateMachine {
    /// A machine made by ``StateMachineBuilder`` (DDStateMachine's `StateMachine`): send it
    /// events, watch its status, wait for its work.
    ///
    /// Underneath is fsmviz's runtime ``StateMachine`` (``machine``): the builder's transitions
    /// are its rules, `ifResult` transitions are its automatic transitions guarded by the work's
    /// result, and `on` hooks are its effects. So events are processed one at a time, to
    /// completion, from any thread, and ``graph(name:)`` draws exactly what runs.
    ///
    /// Work states start their work in a task each time the machine enters them, including as
    /// the initial state and on every return to them; when the work finishes, the machine takes
    /// the `ifResult` transition its result allows.
    public final class BuiltStateMachine<
        State: Hashable & Sendable, Event: Hashable & Sendable, ExtraState: ExtraStateProtocol
    >: Sendable {
        /// The runtime machine: its history, changes and rules.
        public let machine: StateMachine<State, Event>

        private let labels: [State: String]
        private let extra: LockedValue<ExtraState>
        private let statuses: ValueBroadcast<State>
        private let tasks = InFlightTasks()

        init(
            initialState: State, states: [State], labels: [State: String], runners: [State: any WorkRunning<ExtraState>],
            registrations: [TransitionRegistration<State, Event, ExtraState>], extraState: ExtraState
        ) {
            let machine = StateMachine<State, Event>(initialState: initialState)
            let extra = LockedValue(extraState)
            let statuses = ValueBroadcast(latest: initialState)
            let tasks = tasks
            for state in states { machine.addState(state) }
            let context = BuildContext(extraState: extra, runners: runners)
            for registration in registrations { machine.addTransition(registration.rule(in: context)) }

            // Re-checks the `ifResult` transitions once a work's result is in. Weak: the
            // machine's own observer must not keep it alive.
            let onResult: @Sendable () -> Void = { [weak machine] in machine?.evaluateAutomaticTransitions() }
            // The first observer, so it runs after the transition's `on` hooks (effects) and
            // before anyone else's observers. Every change goes through it, also automatic ones and
            // returns to a state already visited, so every entry into a work state starts its work.
            machine.observe { change in
                runners[change.source]?.exit()
                statuses.publish(change.target)
                runners[change.target]?.enter(with: extra.withLock { $0 }, tasks: tasks, onResult: onResult)
            }
            runners[initialState]?.enter(with: extraState, tasks: tasks, onResult: onResult)

            self.machine = machine
            self.labels = labels
            self.extra = extra
            self.statuses = statuses
        }

        /// The current state.
        public var currentStatus: State { machine.state }

        /// The current state, then every state the machine enters, in order (DDStateMachine's
        /// `currentStatus` property, as an asynchronous sequence). Buffered: a slow consumer
        /// misses nothing.
        public var statusUpdates: AsyncStream<State> { statuses.stream() }

        /// Calls `callback` with every state the machine enters from now on, on the thread that
        /// processed the change, until the observation is cancelled.
        @discardableResult
        public func observeStatus(_ callback: @escaping @Sendable (State) -> Void) -> Observation {
            statuses.subscribe(callback)
        }

        /// A copy of the data shared across states.
        public var extraState: ExtraState { extra.withLock { $0 } }

        /// Sends `event`. Unlike DDStateMachine, says what happened: the transitions taken, or why
        /// the event was refused (no transition for it here, or its `ifCondition` did not hold).
        @discardableResult
        public func execute(event: Event) -> SendResult<State, Event> {
            machine.send(event)
        }

        /// Returns once no work is running: every work started so far has finished and the
        /// transitions its result picked have been taken, including work started by those.
        /// Work that never finishes keeps this waiting.
        public func waitForWork() async {
            await tasks.waitUntilIdle()
        }

        /// The machine as a diagram and lint model: its states (with the builders' labels), its
        /// events, and its transitions, `ifResult` ones as automatic transitions guarded by their
        /// labels. Named after the state type unless `name` is given.
        public func graph(name: String? = nil) throws(MachineError) -> Machine {
            try machine.graph(name: name ?? String(describing: State.self)).labeled(
                name: nil, summary: nil,
                states: Dictionary(labels.map { (StateID(String(describing: $0.key)), $0.value) }) { first, _ in first },
                events: [:])
        }
    }
}
