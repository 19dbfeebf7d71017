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
    /// The machine's structure as integers, for analyses that must stay linear.
    public let index: MachineIndex

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
        var sources: [Int] = []
        var eventNumbers: [Int] = []
        var targetStart: [Int] = [0]
        var targets: [Int] = []
        sources.reserveCapacity(transitions.count)
        eventNumbers.reserveCapacity(transitions.count)
        targetStart.reserveCapacity(transitions.count + 1)
        targets.reserveCapacity(transitions.count)
        for transition in transitions {
            guard let source = stateIndex[transition.source] else {
                throw .unknownTransitionState(transition.source, role: .source, at: transition.location)
            }
            guard !transition.targets.isEmpty else {
                throw .transitionWithoutTargets(from: transition.source, at: transition.location)
            }
            for target in transition.targets {
                guard let number = stateIndex[target] else {
                    throw .unknownTransitionState(target, role: .target, at: transition.location)
                }
                targets.append(number)
            }
            targetStart.append(targets.count)
            sources.append(source)
            if let event = transition.event {
                if let number = eventIndex[event] {
                    eventNumbers.append(number)
                } else {
                    guard !event.rawValue.isEmpty else { throw .emptyIdentifier(at: transition.location) }
                    eventIndex[event] = allEvents.count
                    eventNumbers.append(allEvents.count)
                    allEvents.append(Event(event))
                }
            } else {
                eventNumbers.append(-1)
            }
        }
        for suppression in suppressions {
            if let state = suppression.state, stateIndex[state] == nil {
                throw .unknownSuppressedState(state, at: suppression.location)
            }
        }
        let parents = try Self.checkHierarchy(states, stateIndex)
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
        self.index = MachineIndex(
            stateCount: states.count, parents: parents,
            sources: sources, events: eventNumbers, targetStart: targetStart, targets: targets)
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
        if let parent {
            guard let number = stateIndex[parent] else { return [] }
            return index.children(of: number).map { states[$0].id }
        }
        return index.children(of: nil).map { states[$0].id }
    }

    /// Whether any state is nested in `state`.
    public func isCompound(_ state: StateID) -> Bool {
        stateIndex[state].map { !index.children(of: $0).isEmpty } ?? false
    }

    /// The transitions leaving `state`, in declaration order.
    public func transitions(from state: StateID) -> [Transition] {
        guard let number = stateIndex[state] else { return [] }
        return index.outgoing(from: number).map { transitions[$0] }
    }

    /// The number of state `id` (its position in ``states``), if the machine has it.
    public func number(of id: StateID) -> Int? { stateIndex[id] }

    /// Checks that parents exist and form a tree, and that no compound state has two initial
    /// children; returns each state's parent number (-1 at the top level).
    /// - Complexity: O(states), without recursion or per-state allocation.
    private static func checkHierarchy(
        _ states: [State], _ index: [StateID: Int]
    ) throws(MachineError) -> [Int] {
        var parents = [Int](repeating: -1, count: states.count)
        for (number, state) in states.enumerated() {
            guard let parent = state.parent else { continue }
            guard let parentNumber = index[parent] else {
                throw .unknownParent(parent, of: state.id, at: state.location)
            }
            parents[number] = parentNumber
        }
        // Walk up from every state; 1 marks the current walk, 2 states known to reach a root.
        var mark = [UInt8](repeating: 0, count: states.count)
        var path: [Int] = []
        for start in states.indices where mark[start] == 0 {
            path.removeAll(keepingCapacity: true)
            var current = start
            while current >= 0, mark[current] != 2 {
                if mark[current] == 1 {
                    let cycle = path.drop { $0 != current }.map { states[$0].id }
                    throw .parentCycle(Array(cycle), at: states[current].location)
                }
                mark[current] = 1
                path.append(current)
                current = parents[current]
            }
            for member in path { mark[member] = 2 }
        }
        var initialChildOf = [Int](repeating: -1, count: states.count)
        for (number, state) in states.enumerated() where state.kind == .initial && parents[number] >= 0 {
            let parent = parents[number]
            if initialChildOf[parent] >= 0 {
                let initials = states.indices.filter { parents[$0] == parent && states[$0].kind == .initial }
                throw .multipleInitialStates(
                    initials.map { states[$0].id }, parent: states[parent].id, at: state.location)
            }
            initialChildOf[parent] = number
        }
        return parents
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
