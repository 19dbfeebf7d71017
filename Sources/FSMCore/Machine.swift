/// A validated state machine: its states, events and transitions, in declaration order.
///
/// A `Machine` is a value. Creating one checks it: every transition names declared states,
/// identifiers are unique, parents form a tree, and exactly one top-level state is initial.
/// Every output derived from it follows declaration order, so the same machine always gives
/// the same bytes.
public struct Machine: Hashable, Sendable {
    /// A human-readable name, such as the type that defines the machine.
    public var name: String?
    /// A longer description of what the machine models.
    public var summary: String?
    /// Every state, in declaration order.
    public let states: [State]
    /// Every event: declared ones first, then any that only transitions name, in order of
    /// first use.
    public let events: [Event]
    /// Every transition, in declaration order.
    public let transitions: [Transition]
    /// The top-level state the machine starts in.
    public let initialState: StateID
    /// Lint rules the machine silences for itself or for some of its states.
    public var suppressions: [Suppression]

    private let stateIndex: [StateID: Int]
    private let eventIndex: [EventID: Int]
    private let outgoingIndex: [StateID: [Int]]
    private let childIndex: [StateID?: [StateID]]

    /// Creates a machine, checking that its parts fit together.
    ///
    /// Events named by transitions but missing from `events` are added after the declared ones.
    /// - Throws: The first ``MachineError`` found, in declaration order.
    public init(
        name: String? = nil,
        summary: String? = nil,
        states: [State],
        events: [Event] = [],
        transitions: [Transition],
        suppressions: [Suppression] = []
    ) throws(MachineError) {
        var stateIndex: [StateID: Int] = [:]
        stateIndex.reserveCapacity(states.count)
        for (position, state) in states.enumerated() {
            guard !state.id.rawValue.isEmpty else { throw .emptyIdentifier(at: state.location) }
            if let first = stateIndex[state.id] {
                throw .duplicateState(state.id, at: state.location, firstDeclaredAt: states[first].location)
            }
            stateIndex[state.id] = position
        }
        var allEvents = events
        var eventIndex: [EventID: Int] = [:]
        for (position, event) in events.enumerated() {
            guard !event.id.rawValue.isEmpty else { throw .emptyIdentifier(at: event.location) }
            if let first = eventIndex[event.id] {
                throw .duplicateEvent(event.id, at: event.location, firstDeclaredAt: events[first].location)
            }
            eventIndex[event.id] = position
        }
        for transition in transitions {
            try Self.check(transition, against: stateIndex)
            if let event = transition.event, eventIndex[event] == nil {
                guard !event.rawValue.isEmpty else { throw .emptyIdentifier(at: transition.location) }
                eventIndex[event] = allEvents.count
                allEvents.append(Event(event))
            }
        }
        for suppression in suppressions {
            if let state = suppression.state, stateIndex[state] == nil {
                throw .unknownSuppressedState(state, at: suppression.location)
            }
        }
        try Self.checkHierarchy(states, stateIndex)
        let initial = try Self.initialChild(of: nil, among: states)
        guard let initial else { throw .missingInitialState }

        self.name = name
        self.summary = summary
        self.states = states
        self.events = allEvents
        self.transitions = transitions
        self.initialState = initial
        self.suppressions = suppressions
        self.stateIndex = stateIndex
        self.eventIndex = eventIndex
        var outgoing: [StateID: [Int]] = [:]
        for (index, transition) in transitions.enumerated() {
            outgoing[transition.source, default: []].append(index)
        }
        self.outgoingIndex = outgoing
        var children: [StateID?: [StateID]] = [:]
        for state in states { children[state.parent, default: []].append(state.id) }
        self.childIndex = children
    }

    /// The state with identifier `id`, if the machine has one.
    public func state(_ id: StateID) -> State? {
        stateIndex[id].map { states[$0] }
    }

    /// The event with identifier `id`, if the machine has one.
    public func event(_ id: EventID) -> Event? {
        eventIndex[id].map { events[$0] }
    }

    /// The states nested directly in `parent` (top-level states for `nil`), in declaration order.
    public func children(of parent: StateID?) -> [StateID] {
        childIndex[parent] ?? []
    }

    /// Whether any state is nested in `state`.
    public func isCompound(_ state: StateID) -> Bool {
        childIndex[state] != nil
    }

    /// The transitions leaving `state`, in declaration order.
    public func transitions(from state: StateID) -> [Transition] {
        (outgoingIndex[state] ?? []).map { transitions[$0] }
    }

    private static func check(
        _ transition: Transition, against states: [StateID: Int]
    ) throws(MachineError) {
        guard states[transition.source] != nil else {
            throw .unknownTransitionState(transition.source, role: .source, at: transition.location)
        }
        guard !transition.targets.isEmpty else {
            throw .transitionWithoutTargets(from: transition.source, at: transition.location)
        }
        for target in transition.targets where states[target] == nil {
            throw .unknownTransitionState(target, role: .target, at: transition.location)
        }
    }

    private static func checkHierarchy(
        _ states: [State], _ index: [StateID: Int]
    ) throws(MachineError) {
        for state in states {
            guard let parent = state.parent else { continue }
            guard index[parent] != nil else {
                throw .unknownParent(parent, of: state.id, at: state.location)
            }
        }
        // Walk up from every state, remembering states already proven to reach a root, so the
        // whole check stays linear even for deep hierarchies.
        var reachesRoot = Set<StateID>()
        for state in states {
            var path: [StateID] = []
            var onPath = Set<StateID>()
            var current: StateID? = state.id
            while let id = current, !reachesRoot.contains(id) {
                if onPath.contains(id) {
                    let cycle = Array(path.drop { $0 != id })
                    throw .parentCycle(cycle, at: index[id].map { states[$0].location } ?? nil)
                }
                onPath.insert(id)
                path.append(id)
                current = index[id].flatMap { states[$0].parent }
            }
            reachesRoot.formUnion(path)
        }
        var childrenByParent: [StateID: [State]] = [:]
        for state in states {
            if let parent = state.parent { childrenByParent[parent, default: []].append(state) }
        }
        for state in states {
            let parent = state.id
            guard let children = childrenByParent[parent] else { continue }
            _ = try initialChild(of: parent, among: children)
        }
    }

    private static func initialChild(
        of parent: StateID?, among candidates: some Sequence<State>
    ) throws(MachineError) -> StateID? {
        let initials = candidates.filter { $0.parent == parent && $0.kind == .initial }
        guard initials.count <= 1 else {
            throw .multipleInitialStates(
                initials.map(\.id), parent: parent, at: initials.dropFirst().first?.location)
        }
        return initials.first?.id
    }
}
