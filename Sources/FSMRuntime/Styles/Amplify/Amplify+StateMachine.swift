public import FSMCore

extension Amplify {
    /// Amplify's state machine on fsmviz's runtime: it resolves each event sent against the
    /// current state with its resolver, stores the new state, tells its listeners when the
    /// state changed, then runs the resolution's actions, each in a task.
    ///
    /// `send` never waits: an event sent while another is resolved (by an action, a listener
    /// or another thread) is queued and resolved after it, in order.
    public final class StateMachine<StateType: State, EnvironmentType: Environment>: EventDispatcher {
        /// Called with the state: once when it starts listening, then after every change.
        public typealias StateChangedListener = @Sendable (StateType) -> Void

        /// Resolves one event at a time, to completion: one state, one targetless
        /// transition that applies the resolver.
        let runtime: FSMRuntime.StateMachine<Phase, Phase>
        private let current: LockedValue<StateType>
        private let changes: ValueBroadcast<StateType>
        private let tasks = InFlightTasks()
        /// The state the machine was created in: where a declared diagram starts.
        let initialState: StateType
        /// The resolver, for exploring and checking without running actions.
        let resolve: @Sendable (StateType, any StateMachineEvent) -> StateResolution<StateType>

        /// Creates a machine that resolves events with `resolver`, starting in
        /// `initialState` (the resolver's `defaultState` when `nil`); actions run with
        /// `environment`.
        public init<Resolver: StateMachineResolver>(
            resolver: Resolver, environment: EnvironmentType, initialState: StateType? = nil
        ) where Resolver.StateType == StateType {
            let start = initialState ?? resolver.defaultState
            let runtime = FSMRuntime.StateMachine<Phase, Phase>(initialState: .resolving, historyLimit: 0)
            let current = LockedValue(start)
            let changes = ValueBroadcast(latest: start)
            let tasks = tasks
            let dispatcher = Dispatcher(runtime: runtime)
            runtime.addTransition(
                TransitionRule(
                    event: .resolving, from: [.resolving], to: [],
                    effects: [
                        { context in
                            guard let event = context.payload as? any StateMachineEvent else { return }
                            // The runtime resolves one event at a time, so nothing changes the
                            // state between this read and the write below.
                            let oldState = current.withLock { $0 }
                            let resolution = resolver.resolve(oldState: oldState, byApplying: event)
                            current.withLock { $0 = resolution.newState }
                            if resolution.newState != oldState { changes.publish(resolution.newState) }
                            for action in resolution.actions {
                                tasks.start { await action.execute(withDispatcher: dispatcher, environment: environment) }
                            }
                        }
                    ]))
            self.runtime = runtime
            self.current = current
            self.changes = changes
            self.initialState = start
            resolve = { resolver.resolve(oldState: $0, byApplying: $1) }
        }

        /// The current state.
        public var currentState: StateType { current.withLock { $0 } }

        /// Calls `completion` with the current state.
        public func getCurrentState(_ completion: @escaping @Sendable (StateType) -> Void) {
            completion(currentState)
        }

        /// Sends `event`: resolved at once when the machine is idle, otherwise queued behind
        /// the event being resolved.
        public func send(_ event: any StateMachineEvent) {
            runtime.send(.resolving, payload: event)
        }

        /// Sends `event` and returns once it has been resolved (its actions may still run).
        public func sendAndWait(_ event: any StateMachineEvent) async {
            _ = await runtime.sendAndWait(.resolving, payload: event)
        }

        /// Calls `listener` with the current state, then with every new state, in order, in
        /// a task of its own; `onSubscribe` runs once it is subscribed.
        ///
        /// - Returns: The token to pass to ``cancel(listenerToken:)``.
        public func listen(
            _ listener: @escaping StateChangedListener, onSubscribe: (@Sendable () -> Void)? = nil
        ) -> Observation {
            // The stream starts with the current state, taken with the subscription.
            let states = changes.stream()
            onSubscribe?()
            let task = Task {
                for await state in states { listener(state) }
            }
            return Observation { task.cancel() }
        }

        /// Stops the listener `listenerToken` stands for.
        public func cancel(listenerToken: Observation) {
            listenerToken.cancel()
        }

        /// Returns when no action is running (actions started by actions included), so tests
        /// need no sleeps.
        public func waitForActions() async {
            await tasks.waitUntilIdle()
        }

        /// The diagram the resolvers describe: `events` are resolved in `start` (the current
        /// state by default) and in every state that leads to, breadth first, without running
        /// any action. See ``Amplify`` for how states, substates and `type`s are drawn.
        ///
        /// - Parameters:
        ///   - events: Sample events, one of each kind and payload that matters.
        ///   - start: The state exploring starts in; the current state if `nil`.
        ///   - name: The machine's name, for diagrams.
        ///   - limit: The most states explored; a resolver that makes a new state from every
        ///     event (a counter, a clock read) stops there.
        /// - Throws: ``/FSMCore/MachineError`` when two states of one parent share a `type`
        ///   but not a structure, so the diagram would be inconsistent.
        public func graph(
            exploring events: [any StateMachineEvent], from start: StateType? = nil, name: String? = nil,
            limit: Int = 1_000
        ) throws(MachineError) -> Machine {
            var diagram = StateTreeDiagram(root: start ?? currentState)
            var states = [start ?? currentState]
            var next = 0
            while next < states.count {
                let state = states[next]
                next += 1
                for event in events {
                    let resolution = resolve(state, event)
                    diagram.add(
                        from: state, event: event.type, to: resolution.newState,
                        effects: resolution.actions.map(\.identifier))
                    if states.count < limit, !states.contains(resolution.newState) { states.append(resolution.newState) }
                }
            }
            return try diagram.machine(name: name ?? String(describing: StateType.self))
        }

        /// Hands actions' events to the runtime; weak, since the runtime keeps the rule that
        /// holds this dispatcher.
        private struct Dispatcher: EventDispatcher {
            weak var runtime: FSMRuntime.StateMachine<Phase, Phase>?

            func send(_ event: any StateMachineEvent) {
                runtime?.send(.resolving, payload: event)
            }
        }
    }

    /// The runtime's one state and one event.
    enum Phase: Hashable, Sendable {
        case resolving
    }
}
