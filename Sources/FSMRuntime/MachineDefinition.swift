import FSMCore

/// The declared structure of a running machine: states in order of first mention, events,
/// transitions and state hooks. A value, so the machine can hand a
/// consistent snapshot to each event it processes while registration goes on.
@usableFromInline
struct MachineDefinition<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    let initialState: State
    private(set) var states: [State] = []
    private(set) var events: [Event] = []
    private(set) var rules: [TransitionRule<State, Event>] = []
    private(set) var hooks: [State: StateHooks<State, Event>] = [:]
    /// Each nested state's parent.
    private(set) var parents: [State: State] = [:]
    /// Each compound state's initial child, entered whenever the compound state is.
    private(set) var initialChildren: [State: State] = [:]
    private(set) var finals: Set<State> = []
    private var knownStates: Set<State> = []
    private var knownEvents: Set<Event> = []

    init(initialState: State) {
        self.initialState = initialState
        note(initialState)
    }

    /// `state`, then its parent, and so on up; bounded by the number of states, so a parent
    /// cycle cannot hang the machine.
    func selfAndAncestors(of state: State) -> [State] {
        var result = [state]
        while result.count <= parents.count, let parent = parents[result[result.count - 1]] {
            result.append(parent)
        }
        return result
    }

    /// The hooks of `state`, if it has any.
    func hooks(of state: State) -> StateHooks<State, Event>? {
        hooks.isEmpty ? nil : hooks[state]
    }

    /// The states entered when `state` is: it, then its initial child, and so on down.
    func entryPath(into state: State) -> [State] {
        var result = [state]
        var seen: Set<State> = [state]
        while let child = initialChildren[result[result.count - 1]], seen.insert(child).inserted {
            result.append(child)
        }
        return result
    }

    mutating func add(
        _ state: State, parent: State?, isInitial: Bool, isFinal: Bool, hooks extra: StateHooks<State, Event>
    ) {
        if let parent {
            note(parent)
            parents[state] = parent
            if isInitial { initialChildren[parent] = state }
        }
        if isFinal { finals.insert(state) }
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
        rules.append(rule)
    }

    private mutating func note(_ state: State) {
        if knownStates.insert(state).inserted { states.append(state) }
    }

    func graph(name: String?) throws(MachineError) -> Machine {
        func id(_ state: State) -> StateID { StateID(String(describing: state)) }
        // A machine may start inside a compound state; the graph then starts at its top-level
        // ancestor, which must be the machine's one initial top-level state.
        var initialTopLevel = initialState
        for _ in 0..<states.count {
            guard let parent = parents[initialTopLevel] else { break }
            initialTopLevel = parent
        }
        let stateList = states.map { state in
            let isInitial = state == initialState || state == initialTopLevel
                || parents[state].map { initialChildren[$0] == state } == true
            return State_(
                id(state), kind: finals.contains(state) ? .final : (isInitial ? .initial : .normal),
                parent: parents[state].map(id))
        }
        var transitions: [Transition] = []
        for rule in rules {
            for source in rule.sources {
                transitions.append(
                    Transition(
                        from: id(source), on: rule.event.map { EventID(String(describing: $0)) },
                        to: rule.targets.map(id), guard: rule.guardLabel, effects: rule.effectLabels, kind: rule.kind))
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
