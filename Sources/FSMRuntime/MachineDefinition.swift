import FSMCore

/// The declared structure of a running machine: states in order of first mention, events,
/// transitions with an index by event, and state hooks. A value, so the machine can hand a
/// consistent snapshot to each event it processes while registration goes on.
struct MachineDefinition<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    let initialState: State
    private(set) var states: [State] = []
    private(set) var events: [Event] = []
    private(set) var rules: [TransitionRule<State, Event>] = []
    private(set) var hooks: [State: StateHooks<State, Event>] = [:]
    private var knownStates: Set<State> = []
    private var knownEvents: Set<Event> = []
    private var rulesByEvent: [Event?: [Int]] = [:]

    init(initialState: State) {
        self.initialState = initialState
        note(initialState)
    }

    func transitions(on event: Event?) -> [Int] { rulesByEvent[event] ?? [] }

    mutating func add(_ state: State, hooks extra: StateHooks<State, Event>) {
        note(state)
        var merged = hooks[state] ?? StateHooks()
        merged.willEnter += extra.willEnter
        merged.didEnter += extra.didEnter
        merged.willExit += extra.willExit
        merged.didExit += extra.didExit
        hooks[state] = merged
    }

    mutating func add(_ event: Event) {
        if knownEvents.insert(event).inserted { events.append(event) }
    }

    mutating func add(_ rule: TransitionRule<State, Event>) {
        rule.sources.forEach { note($0) }
        rule.targets.forEach { note($0) }
        if let event = rule.event { add(event) }
        rulesByEvent[rule.event, default: []].append(rules.count)
        rules.append(rule)
    }

    private mutating func note(_ state: State) {
        if knownStates.insert(state).inserted { states.append(state) }
    }

    func graph(name: String?) throws(MachineError) -> Machine {
        func id(_ state: State) -> StateID { StateID(String(describing: state)) }
        let stateList = states.map { State_(id($0), kind: $0 == initialState ? .initial : .normal) }
        var transitions: [Transition] = []
        for rule in rules {
            for source in rule.sources {
                transitions.append(
                    Transition(
                        from: id(source), on: rule.event.map { EventID(String(describing: $0)) },
                        to: rule.targets.map(id), guard: rule.guardLabel, effects: rule.effectLabels))
            }
        }
        return try Machine(
            name: name, states: stateList, events: events.map { Event_(EventID(String(describing: $0))) },
            transitions: transitions)
    }
}

// The generic parameters shadow FSMCore's `State` and `Event` inside this file.
private typealias State_ = FSMCore.State
private typealias Event_ = FSMCore.Event
