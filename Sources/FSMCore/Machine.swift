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
        try Self.checkStructure(states, stateIndex, transitions)
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

    /// The child of `parent` (of the machine for `nil`) marked initial, if any.
    public func initialChild(of parent: StateID?) -> StateID? {
        children(of: parent).first { state($0)?.kind == .initial }
    }

    /// Whether `state` is a parallel state.
    public func isParallel(_ state: StateID) -> Bool {
        self.state(state)?.isParallel == true
    }

    /// The regions of a parallel state: its children that are not pseudo-states. Empty for a
    /// state that is not parallel.
    public func regions(of state: StateID) -> [StateID] {
        guard isParallel(state) else { return [] }
        return children(of: state).filter { self.state($0)?.pseudoState == nil }
    }

    /// Whether `transition` enters all its targets at once rather than one of them.
    ///
    /// Several targets that lie pairwise in different regions of a parallel state form one
    /// configuration and are entered together (SCXML's and XState's multi-target
    /// transitions); any other several targets are alternatives that the transition's
    /// handler picks from at run time (EFStateMachine's `toStates`).
    public func entersTogether(_ transition: Transition) -> Bool {
        let targets = transition.targets
        guard targets.count > 1 else { return false }
        for (offset, first) in targets.enumerated() {
            for second in targets[(offset + 1)...] where !areOrthogonal(first, second) { return false }
        }
        return true
    }

    /// Whether `first` and `second` lie in different regions of a common parallel ancestor,
    /// so both can be active at once without one containing the other.
    public func areOrthogonal(_ first: StateID, _ second: StateID) -> Bool {
        let firstPath = ancestry(of: first)
        let secondPath = ancestry(of: second)
        // Paths run from the root; the last shared entry is the deepest common ancestor.
        var shared = 0
        while shared < firstPath.count, shared < secondPath.count, firstPath[shared] == secondPath[shared] {
            shared += 1
        }
        guard shared > 0, shared < firstPath.count, shared < secondPath.count else { return false }
        return isParallel(firstPath[shared - 1])
    }

    /// `state` and its ancestors, outermost first.
    private func ancestry(of state: StateID) -> [StateID] {
        var path: [StateID] = []
        var current: StateID? = state
        while let id = current, path.count <= states.count {
            path.append(id)
            current = self.state(id)?.parent
        }
        return path.reversed()
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

    /// Checks what parallel states and pseudo-states require; parents are known to form a tree.
    private static func checkStructure(
        _ states: [State], _ index: [StateID: Int], _ transitions: [Transition]
    ) throws(MachineError) {
        var hasChildren = Set<StateID>()
        for state in states {
            if let parent = state.parent { hasChildren.insert(parent) }
        }
        var outgoing: [StateID: [Transition]] = [:]
        for transition in transitions {
            if index[transition.source].flatMap({ states[$0].pseudoState }) != nil {
                outgoing[transition.source, default: []].append(transition)
            }
            for target in transition.targets {
                if let position = index[target], states[position].pseudoState == .initial {
                    throw .invalidPseudoState(target, .targeted(by: transition.source), at: transition.location)
                }
            }
        }
        for state in states {
            if state.isParallel {
                if state.kind == .final { throw .invalidParallelState(state.id, .final, at: state.location) }
            }
            if let parent = state.parent, let position = index[parent], states[position].isParallel,
                state.kind == .initial
            {
                throw .invalidParallelState(parent, .initialRegion(state.id), at: state.location)
            }
            guard let pseudo = state.pseudoState else { continue }
            func fail(_ problem: MachineError.PseudoStateProblem, _ location: SourceLocation? = state.location) -> MachineError {
                .invalidPseudoState(state.id, problem, at: location)
            }
            if hasChildren.contains(state.id) { throw fail(.hasChildren) }
            if state.isParallel { throw fail(.parallel) }
            if pseudo.isHistory {
                if state.parent == nil { throw fail(.historyAtTopLevel) }
                if state.kind != .normal { throw fail(.marked(state.kind)) }
            } else if state.kind != .initial {
                throw fail(.marked(state.kind))
            }
            let defaults = outgoing[state.id] ?? []
            guard pseudo.isHistory ? defaults.count <= 1 : defaults.count == 1 else {
                throw fail(.transitionCount(defaults.count), defaults.dropFirst().first?.location)
            }
            guard let transition = defaults.first else { continue }
            if transition.event != nil || transition.guardLabel != nil {
                throw fail(.triggeredTransition, transition.location)
            }
            for target in transition.targets where !isNested(target, in: state.parent, states, index) || target == state.id {
                throw fail(.targetOutsideParent(target), transition.location)
            }
        }
    }

    /// Whether `state` is a proper descendant of `ancestor` (any state, for `nil`).
    private static func isNested(
        _ state: StateID, in ancestor: StateID?, _ states: [State], _ index: [StateID: Int]
    ) -> Bool {
        guard let ancestor else { return true }
        var current = index[state].flatMap { states[$0].parent }
        while let id = current {
            if id == ancestor { return true }
            current = index[id].flatMap { states[$0].parent }
        }
        return false
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
