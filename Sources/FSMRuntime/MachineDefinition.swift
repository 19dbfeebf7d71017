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

    /// Puts `rule` in place of the rules on `event`, where the first of them was (so the
    /// graph keeps its order), or appends it when there were none.
    mutating func replaceRules(on event: Event, with rule: TransitionRule<State, Event>) {
        guard let position = rules.firstIndex(where: { $0.event == event }) else { return add(rule) }
        rule.sources.forEach { note($0) }
        rule.targets.forEach { note($0) }
        rules[position] = rule
        rules = rules.enumerated().filter { $0.offset == position || $0.element.event != event }.map(\.element)
    }

    private mutating func note(_ state: State) {
        if knownStates.insert(state).inserted { states.append(state) }
    }

    /// How ``graph(name:naming:)`` names states and events.
    enum Naming {
        /// By their descriptions, which must then be distinct and not empty.
        case description
        /// By position (`s1`, `e1`, ...), labelled with their descriptions, so states or events
        /// that print alike stay apart.
        case position
    }

    func graph(name: String?, naming: Naming = .description) throws(MachineError) -> Machine {
        let stateIDs = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($0.element, $0.offset + 1) })
        let eventIDs = Dictionary(uniqueKeysWithValues: events.enumerated().map { ($0.element, $0.offset + 1) })
        func id(_ state: State) -> StateID {
            naming == .position ? StateID("s\(stateIDs[state] ?? 0)") : StateID(String(describing: state))
        }
        func id(_ event: Event) -> EventID {
            naming == .position ? EventID("e\(eventIDs[event] ?? 0)") : EventID(String(describing: event))
        }
        let label: (Any) -> String? = { naming == .position ? String(describing: $0) : nil }
        // A machine may start inside a compound state; the graph then starts at its top-level
        // ancestor, which must be the machine's one initial top-level state.
        var initialTopLevel = initialState
        for _ in 0..<states.count {
            guard let parent = parents[initialTopLevel] else { break }
            initialTopLevel = parent
        }
        let stateList = states.map { state in
            let isInitial =
                state == initialState || state == initialTopLevel
                || parents[state].map { initialChildren[$0] == state } == true
            return State_(
                id(state), label: label(state), kind: finals.contains(state) ? .final : (isInitial ? .initial : .normal),
                parent: parents[state].map(id))
        }
        var transitions: [Transition] = []
        for rule in rules {
            for source in rule.sources {
                transitions.append(
                    Transition(
                        from: id(source), on: rule.event.map(id),
                        to: rule.targets.map(id), guard: rule.guardLabel, effects: rule.effectLabels, kind: rule.kind))
            }
        }
        return try Machine(
            name: name, states: stateList, events: events.map { Event_(id($0), label: label($0)) },
            transitions: transitions)
    }
}

// The generic parameters shadow FSMCore's `State` and `Event` inside this file.
private typealias State_ = FSMCore.State
private typealias Event_ = FSMCore.Event
