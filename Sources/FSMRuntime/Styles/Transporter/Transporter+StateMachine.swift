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
    /// Events are found by name, as in Transporter: when several share a name, firing it
    /// (by name or by any of them) fires the first one added, and the others never fire; they
    /// are kept in ``eventsWithName(_:)`` but not drawn, since no transition of the machine
    /// uses them.
    ///
    /// The closures run in Transporter's order: `shouldFireEvent`, `willFireEvent`, then
    /// ``activateState(_:)``'s order — the new state's `willEnterState`, the old state's
    /// `willExitState`, (state changes), the old state's `didExitState`, the new state's
    /// `didEnterState` — then `didFireEvent`.
    public final class StateMachine<Value: Hashable & Sendable>: Sendable {
        /// The state the machine started in.
        public let initialState: State<Value>

        let runtime: FSMRuntime.StateMachine<Value, Signal>

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
            guard isNew else { return }
            runtime.addState(state.value, hooks: state.runtimeHooks())
            // activateState may move between any two states, the new one included.
            let values = availableStates.map(\.value)
            let registry = registry
            runtime.replaceTransitions(
                on: .activate,
                with: TransitionRule(
                    event: .activate, from: values, to: values,
                    handler: { context in
                        // activateState always sends a value; staying put is the safe reading of none.
                        Self.announce(context, registry: registry, destination: context.payload as? Value ?? context.source)
                    }))
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
            let registry = registry
            let refusal = registry.withLock { registry -> EventError<Value>? in
                guard !event.sourceValues.isEmpty else { return .noSourceValue(nil, event: event.name) }
                for source in event.sourceValues where registry.stateByValue[source] == nil {
                    return .noSourceValue(source, event: event.name)
                }
                guard registry.stateByValue[event.destinationValue] != nil else {
                    return .noDestinationValue(event.destinationValue, event: event.name)
                }
                registry.events.append(event)
                return nil
            }
            if let refusal { throw refusal }
            // Only the first event with a name ever fires (see the type's documentation).
            guard eventWithName(event.name) === event else { return }
            runtime.addTransition(
                TransitionRule(
                    event: .event(event.name), from: event.sourceValues, to: [event.destinationValue],
                    guardCondition: { _ in event.shouldFireEvent?(event) ?? true },
                    handler: { context in
                        Self.announce(context, registry: registry, destination: event.destinationValue)
                    },
                    willFire: { _ in event.willFireEvent?(event) },
                    didFire: { _ in event.didFireEvent?(event) }))
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
            switch runtime.send(.event(eventName)) {
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
                // Transporter events have one destination, their handler returns it and this
                // machine adds no automatic transitions, so the runtime has no other refusal.
                preconditionFailure("Transporter machine cannot receive \(error)")
            }
        }

        /// Moves the machine to the state with `stateValue` without an event, running the
        /// states' closures in Transporter's order: the new state's `willEnterState`, the old
        /// state's `willExitState`, (state changes), the old state's `didExitState`, the new
        /// state's `didEnterState`. Does nothing when the machine has no such state.
        ///
        /// Called from inside a closure of this machine, it waits, like ``fireEvent(_:)-(String)``,
        /// until the current event completes.
        public func activateState(_ stateValue: Value) {
            guard isStateAvailable(stateValue) else { return }
            _ = runtime.send(.activate, payload: stateValue)
        }

        /// Whether `event` may fire in the current state: `.success` with the current state
        /// and the event's destination if its source values include the current state,
        /// `.error(.wrongSourceState)` if not. Its `shouldFireEvent` is not asked.
        public func possibleTransitionForEvent(_ event: Event<Value>) -> TransitionResult<Value> {
            let current = currentState
            guard event.sourceValues.contains(current.value), let destination = stateWithValue(event.destinationValue) else {
                return .error(.wrongSourceState)
            }
            return .success(sourceState: current, destinationState: destination)
        }

        /// Runs the enter and exit closures that precede a change, in Transporter's order
        /// (the runtime's own order exits first), and returns the destination.
        private static func announce(
            _ context: TransitionContext<Value, Signal>, registry: LockedValue<Registry>, destination: Value
        ) -> Value {
            let (old, new) = registry.withLock { ($0.stateByValue[context.source], $0.stateByValue[destination]) }
            if let new { new.willEnterState?(new) }
            if let old { old.willExitState?(old) }
            return destination
        }

        /// Whether `event` was added and may fire in the current state (its
        /// `shouldFireEvent` is not asked, as in Transporter).
        public func canFireEvent(_ event: Event<Value>) -> Bool {
            let current = runtime.state
            let added = registry.withLock { $0.events.contains { $0 === event } }
            return added && event.sourceValues.contains(current)
        }

        /// Whether the event named `eventName` (the first added with that name) may fire in
        /// the current state (see `canFireEvent(_ event:)`).
        public func canFireEvent(_ eventName: String) -> Bool {
            eventWithName(eventName).map(canFireEvent) ?? false
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
        /// each event that can fire (the first with its name), with `shouldFireEvent` as its
        /// guard and `willFireEvent` and `didFireEvent` as its effects, described by the
        /// event's labels.
        ///
        /// - Throws: ``/FSMCore/MachineError`` when two state values print the same
        ///   description, since a diagram could not tell them apart.
        public func graph(name: String? = nil) throws(MachineError) -> Machine {
            let (states, events) = registry.withLock { ($0.states, $0.events) }
            var firing: [Event<Value>] = []
            var names: Set<String> = []
            for event in events where names.insert(event.name).inserted { firing.append(event) }
            func id(_ value: Value) -> StateID { StateID(String(describing: value)) }
            return try Machine(
                name: name,
                states: states.map { FSMCore.State(id($0.value), kind: $0 === initialState ? .initial : .normal) },
                events: firing.map { FSMCore.Event(EventID($0.name), label: $0.label) },
                transitions: firing.flatMap { event in
                    event.sourceValues.map { source in
                        Transition(
                            from: id(source), on: EventID(event.name), to: id(event.destinationValue),
                            guard: event.guardDescription, effects: event.effectDescriptions)
                    }
                })
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
