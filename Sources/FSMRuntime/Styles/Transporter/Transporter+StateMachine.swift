public import FSMCore

extension Transporter {
    /// A Transporter machine: states are added first, then events between them, and events
    /// are fired by name.
    ///
    /// ```swift
    /// let machine = Transporter.StateMachine(initialState: closed, states: [opened, locked])
    /// try machine.addEvents([open, close, lock, unlock])   // or addEvent(_:), which throws
    /// switch machine.fireEvent("unlock") {
    /// case .success(let source, let destination): print("\(source.value) -> \(destination.value)")
    /// case .error(let error): print(error)   // e.g. .transitionDeclined
    /// case .queued: break                     // fired from inside a closure of this machine
    /// }
    /// ```
    ///
    /// Several events may share a name; firing the name fires the first of them, in the
    /// order added, that may fire in the current state and whose `shouldFireEvent` agrees.
    /// (Transporter tried only the first one allowed in the current state, and reported
    /// ``TransitionError/transitionDeclined`` if its guard refused.)
    ///
    /// fsmviz does not offer Transporter's `activateState(_:)`, which moved the machine
    /// without an event: the runtime changes state only through transitions, so that
    /// history, observers and diagrams stay truthful. Declare an event instead.
    public final class StateMachine<Value: Hashable & Sendable>: Sendable {
        /// The state the machine started in.
        public let initialState: State<Value>

        let runtime: FSMRuntime.StateMachine<Value, String>

        /// The states and events added, in order. Events are added to it and to the runtime
        /// under its lock, so both list them in the same order (the graph relies on it).
        private let registry: LockedValue<Registry>

        /// Creates a machine in `initialState`, which becomes its first state.
        public init(initialState: State<Value>) {
            self.initialState = initialState
            runtime = FSMRuntime.StateMachine(initialState: initialState.value)
            registry = LockedValue(Registry())
            addState(initialState)
        }

        /// Creates a machine in a new state with `initialStateValue`.
        public convenience init(initialStateValue: Value) {
            self.init(initialState: State(initialStateValue))
        }

        /// Creates a machine in `initialState` with `states` (which need not repeat the
        /// initial state).
        public convenience init(initialState: State<Value>, states: [State<Value>]) {
            self.init(initialState: initialState)
            addStates(states)
        }

        /// The state the machine is in.
        public var currentState: State<Value> { state(for: runtime.state) }

        /// The states added, the initial state first, in order.
        public var availableStates: [State<Value>] { registry.withLock { $0.states } }

        /// Adds `state`, unless the machine already has a state with its value (then the
        /// first one stays, with its closures, as in Transporter).
        public func addState(_ state: State<Value>) {
            let isNew = registry.withLock { registry in
                guard registry.stateByValue[state.value] == nil else { return false }
                registry.stateByValue[state.value] = state
                registry.states.append(state)
                return true
            }
            if isNew { runtime.addState(state.value, hooks: state.runtimeHooks) }
        }

        /// Adds each of `states` (see ``addState(_:)``).
        public func addStates(_ states: [State<Value>]) {
            states.forEach(addState)
        }

        /// Adds `event`, after checking that it can fire: it has source values and they and
        /// its destination are states of the machine.
        ///
        /// - Throws: ``EventError``; the event is then not added.
        public func addEvent(_ event: Event<Value>) throws(EventError<Value>) {
            // LockedValue's `withLock` rethrows untyped errors, so the refusal comes out as a value.
            let refusal = registry.withLock { registry -> EventError<Value>? in
                guard !event.sourceValues.isEmpty else { return .noSourceValue(event: event.name) }
                for source in event.sourceValues where registry.stateByValue[source] == nil {
                    return .unknownSourceValue(source, event: event.name)
                }
                guard registry.stateByValue[event.destinationValue] != nil else {
                    return .noDestinationValue(event.destinationValue, event: event.name)
                }
                registry.events.append(event)
                // Inside the registry's lock, so the runtime's rules stay in the registry's
                // order. The runtime never calls out while holding its own lock, so taking it
                // here cannot deadlock.
                runtime.addTransition(event.rule)
                return nil
            }
            if let refusal { throw refusal }
        }

        /// Adds each of `events` that ``addEvent(_:)`` accepts.
        ///
        /// - Returns: Why the others were refused (Transporter printed it), in order.
        @discardableResult
        public func addEvents(_ events: [Event<Value>]) -> [EventError<Value>] {
            events.compactMap { event in
                do throws(EventError<Value>) {
                    try addEvent(event)
                    return nil
                } catch {
                    return error
                }
            }
        }

        /// Fires the event named `event.name` (see `fireEvent(_ eventName:)`).
        @discardableResult
        public func fireEvent(_ event: Event<Value>) -> TransitionResult<Value> {
            fireEvent(event.name)
        }

        /// Fires the event named `eventName`: checks that the machine has such an event, that
        /// one may fire in the current state and that its `shouldFireEvent` agrees, then runs
        /// its closures and the states' closures and moves to its destination.
        ///
        /// Called from inside a closure of this machine, the event is queued and fires once
        /// the current event completes; the result is then ``TransitionResult/queued``.
        @discardableResult
        public func fireEvent(_ eventName: String) -> TransitionResult<Value> {
            switch runtime.send(eventName) {
            case .transitioned(let changes), .interrupted(let changes, _):
                guard let change = changes.first else { return .error(.wrongSourceState) }
                return .success(sourceState: state(for: change.source), destinationState: state(for: change.target))
            case .queued:
                return .queued
            case .rejected(.unknownEvent):
                return .error(.unknownEvent)
            case .rejected(.notAllowed):
                return .error(.wrongSourceState)
            case .rejected(.declinedByGuard):
                return .error(.transitionDeclined)
            case .rejected(let error):
                // Transporter events have one destination and no handler, and this machine
                // adds no automatic transitions, so the runtime has no other refusal.
                preconditionFailure("Transporter machine cannot receive \(error)")
            }
        }

        /// Whether `event` was added and may fire in the current state (its
        /// `shouldFireEvent` is not asked, as in Transporter).
        public func canFireEvent(_ event: Event<Value>) -> Bool {
            let current = runtime.state
            let added = registry.withLock { $0.events.contains { $0 === event } }
            return added && event.sourceValues.contains(current)
        }

        /// Whether an event named `eventName` may fire in the current state (see
        /// `canFireEvent(_ event:)`).
        public func canFireEvent(_ eventName: String) -> Bool {
            let current = runtime.state
            return eventsWithName(eventName).contains { $0.sourceValues.contains(current) }
        }

        /// Whether the machine has a state with `stateValue`.
        public func isStateAvailable(_ stateValue: Value) -> Bool {
            stateWithValue(stateValue) != nil
        }

        /// The machine's state with `value`, if it has one.
        public func stateWithValue(_ value: Value) -> State<Value>? {
            registry.withLock { $0.stateByValue[value] }
        }

        /// The events added with `name`, in order.
        public func eventsWithName(_ name: String) -> [Event<Value>] {
            registry.withLock { $0.events.filter { $0.name == name } }
        }

        /// The first event added with `name`, if any.
        public func eventWithName(_ name: String) -> Event<Value>? {
            eventsWithName(name).first
        }

        /// Whether the machine is in the state with `stateValue`.
        public func isInState(_ stateValue: Value) -> Bool {
            runtime.state == stateValue
        }

        /// The machine's states, events and transitions: one transition per source value of
        /// each event, with `shouldFireEvent` as its guard and `willFireEvent` and
        /// `didFireEvent` as its effects, described by the event's labels.
        ///
        /// - Throws: ``FSMCore/MachineError`` when two state values print the same
        ///   description, since a diagram could not tell them apart.
        public func graph(name: String? = nil) throws(MachineError) -> Machine {
            // One snapshot of the runtime's rules and the registry's events (see `registry`).
            let (graph, events) = registry.withLock { registry in
                (Result { () throws(MachineError) in try runtime.graph(name: name) }, registry.events)
            }
            let base = try graph.get()
            // The runtime lists one transition per source of each rule, rules in the order
            // added; the registry lists the events in the same order.
            let owners = events.flatMap { event in event.sourceValues.map { _ in event } }
            let transitions = zip(base.transitions, owners).map { transition, event in
                var transition = transition
                transition.guardLabel = event.guardDescription
                transition.effects = event.effectDescriptions
                return transition
            }
            var labels: [String: String] = [:]
            for event in events {
                if labels[event.name] == nil, let label = event.label { labels[event.name] = label }
            }
            return try Machine(
                name: base.name, states: base.states,
                events: base.events.map { FSMCore.Event($0.id, label: labels[$0.id.rawValue]) },
                transitions: transitions)
        }

        /// The registered state with `value`; the runtime only ever enters added states.
        private func state(for value: Value) -> State<Value> {
            guard let state = stateWithValue(value) else {
                preconditionFailure("the machine entered '\(value)', which was never added")
            }
            return state
        }

        private struct Registry {
            var states: [State<Value>] = []
            var stateByValue: [Value: State<Value>] = [:]
            var events: [Event<Value>] = []
        }
    }
}
