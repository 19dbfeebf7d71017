public import FSMCore

extension Stated {
    /// A machine defined by mappings: `Stated.StateMachine(initialState:mappings:)`.
    ///
    /// Send inputs with `send(_:)` or `send(_:_:)`; the first mapping, in
    /// the order given, for the input and the current state's slot applies. Inputs sent from
    /// side effects are queued and processed once the current input completes, so a chain
    /// of side effects runs to completion before the outermost `send` returns.
    ///
    /// A `StateMachine` is a handle: copies, and the machine side effects receive, are the
    /// same running machine.
    public struct StateMachine: Sendable {
        /// What sending an input did: the changes it caused, or why it was refused, or that
        /// it was queued because a side effect sent it.
        public typealias Result = SendResult<AnyState, String>

        let runtime: FSMRuntime.StateMachine<AnyState, String>

        init(runtime: FSMRuntime.StateMachine<AnyState, String>) {
            self.runtime = runtime
        }

        /// Creates a machine in `initialState`, moving as `mappings` say.
        ///
        /// State types are told apart by type and inputs by name and argument types, so the
        /// machine runs whatever the names. Two state types sharing a name would be one state
        /// in a diagram, so ``graph(name:)`` refuses them; two inputs sharing a name are one
        /// event there.
        public init<Initial: State>(initialState: Initial, mappings: [any AnyStateTransitionTrigger]) {
            runtime = FSMRuntime.StateMachine(initialState: AnyState(initialState))
            for mapping in mappings { runtime.addTransition(mapping.mapping.rule) }
        }

        /// The current state: compare it with a slot (`== States.loggedIn`), or read its
        /// value with ``state(in:)``.
        public var currentState: AnyState { runtime.state }

        /// The current state's value, if the machine is in `slot`.
        public func state<S>(in slot: StateSlot<S>) -> S? {
            currentState.value(in: slot)
        }

        /// Sends `input`, which carries no arguments.
        @discardableResult
        public func send(_ input: Input<Void>) -> Result {
            runtime.send(input.name, payload: ())
        }

        /// Sends `input` with `arguments`, which the state it leads to is created from:
        /// `machine.send(Inputs.logIn, account)`.
        @discardableResult
        public func send<Arguments>(_ input: Input<Arguments>, _ arguments: Arguments) -> Result {
            runtime.send(input.name, payload: arguments)
        }

        /// Sends an input made by ``Input/withArgs(_:)``.
        @discardableResult
        public func send(_ input: SentInput) -> Result {
            runtime.send(input.name, payload: input.arguments)
        }

        /// The most recent changes, oldest first (see ``FSMRuntime/StateMachine/history``).
        public var history: [Change<AnyState, String>] { runtime.history }

        /// Calls `callback` after every change, until the observation is cancelled (Stated's
        /// `onTransition`, for successes; refusals are `send`'s result).
        @discardableResult
        public func observe(_ callback: @escaping @Sendable (Change<AnyState, String>) -> Void) -> Observation {
            runtime.observe(callback)
        }

        /// Every change from now on, as an asynchronous sequence.
        public var changes: AsyncStream<Change<AnyState, String>> { runtime.changes }

        /// The machine's states (slots, by name), inputs (by name) and mappings, one
        /// transition each, with side effects as effects.
        ///
        /// - Throws: ``/FSMCore/MachineError`` when a state or input name is empty.
        public func graph(name: String? = nil) throws(MachineError) -> Machine {
            try runtime.graph(name: name)
        }
    }
}
