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
        let stateIndex = try Self.index(states)
        var allEvents = events
        var eventIndex = try Self.index(events)
        var resolved = ResolvedTransitions(sources: [], events: [], targetStart: [0], targets: [])
        resolved.sources.reserveCapacity(transitions.count)
        resolved.events.reserveCapacity(transitions.count)
        resolved.targetStart.reserveCapacity(transitions.count + 1)
        resolved.targets.reserveCapacity(transitions.count)
        for transition in transitions {
            guard let source = stateIndex[transition.source] else {
                throw .unknownTransitionState(transition.source, role: .source, at: transition.location)
            }
            for target in transition.targets {
                guard let number = stateIndex[target] else {
                    throw .unknownTransitionState(target, role: .target, at: transition.location)
                }
                resolved.targets.append(number)
            }
            resolved.targetStart.append(resolved.targets.count)
            resolved.sources.append(source)
            if let event = transition.event {
                if let number = eventIndex[event] {
                    resolved.events.append(number)
                } else {
                    guard !event.rawValue.isEmpty else { throw .emptyIdentifier(at: transition.location) }
                    eventIndex[event] = allEvents.count
                    resolved.events.append(allEvents.count)
                    allEvents.append(Event(event))
                }
            } else {
                resolved.events.append(-1)
            }
        }
        try self.init(
            name: name, summary: summary, states: states, events: allEvents, transitions: transitions,
            suppressions: suppressions, stateIndex: stateIndex, eventIndex: eventIndex, resolved: resolved)
    }

    /// Transitions' states and events as numbers, for a reader that resolved the names itself:
    /// transition `t` leaves state `sources[t]` on event `events[t]` (-1 for none) for states
    /// `targets[targetStart[t]..<targetStart[t + 1]]`.
    struct ResolvedTransitions {
        var sources: [Int]
        var events: [Int]
        var targetStart: [Int]
        var targets: [Int]
    }

    /// Creates a machine whose transitions a reader resolved already; `events` must hold every
    /// event the transitions use, and `resolved` must agree with `transitions`.
    init(
        name: String?, summary: String?, states: [State], events: [Event], transitions: [Transition],
        resolved: ResolvedTransitions
    ) throws(MachineError) {
        try self.init(
            name: name, summary: summary, states: states, events: events, transitions: transitions, suppressions: [],
            stateIndex: try Self.index(states), eventIndex: try Self.index(events), resolved: resolved)
    }

    private init(
        name: String?, summary: String?, states: [State], events: [Event], transitions: [Transition],
        suppressions: [Suppression], stateIndex: [StateID: Int], eventIndex: [EventID: Int],
        resolved: ResolvedTransitions
    ) throws(MachineError) {
        for suppression in suppressions {
            if let state = suppression.state, stateIndex[state] == nil {
                throw .unknownSuppressedState(state, at: suppression.location)
            }
        }
        let parents = try Self.checkHierarchy(states, stateIndex)
        try Self.checkStructure(
            states, parents: parents, transitions: transitions, sources: resolved.sources,
            targetStart: resolved.targetStart, targets: resolved.targets)
        let initial = try Self.initialChild(of: nil, among: states)
        guard let initial else { throw .missingInitialState }

        self.name = name
        self.summary = summary
        self.states = states
        self.events = events
        self.transitions = transitions
        self.initialState = initial
        self.suppressions = suppressions
        self.stateIndex = stateIndex
        self.eventIndex = eventIndex
        self.index = MachineIndex(
            stateCount: states.count, parents: parents, sources: resolved.sources, events: resolved.events,
            targetStart: resolved.targetStart, targets: resolved.targets)
    }

    private static func index(_ states: [State]) throws(MachineError) -> [StateID: Int] {
        try index(states, id: \.id, location: \.location, duplicate: MachineError.duplicateState)
    }

    private static func index(_ events: [Event]) throws(MachineError) -> [EventID: Int] {
        try index(events, id: \.id, location: \.location, duplicate: MachineError.duplicateEvent)
    }

    /// Positions by identifier, refusing empty and repeated identifiers.
    private static func index<Element, Kind>(
        _ elements: [Element], id: (Element) -> Identifier<Kind>, location: (Element) -> SourceLocation?,
        duplicate: (Identifier<Kind>, SourceLocation?, SourceLocation?) -> MachineError
    ) throws(MachineError) -> [Identifier<Kind>: Int] {
        var index: [Identifier<Kind>: Int] = [:]
        index.reserveCapacity(elements.count)
        // By position, not `enumerated()`: that copies every element (retaining each of its
        // strings and arrays) to read one field.
        for position in elements.indices {
            let identifier = id(elements[position])
            guard !identifier.rawValue.isEmpty else { throw .emptyIdentifier(at: location(elements[position])) }
            if let first = index.updateValue(position, forKey: identifier) {
                throw duplicate(identifier, location(elements[position]), location(elements[first]))
            }
        }
        return index
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
    /// - Complexity: O(targets × depth): the targets' paths from the root are laid over one
    ///   another, rather than every pair compared (``areOrthogonal(_:_:)``).
    public func entersTogether(_ transition: Transition) -> Bool {
        let targets = transition.targets
        guard targets.count > 1 else { return false }
        // Pairwise orthogonal means: the paths start at one top-level state, part only at
        // parallel states (where two paths part is their deepest common ancestor), and none
        // ends on another's way (an ancestor, or the same state twice).
        var roots = Set<StateID>()
        var ends = Set<StateID>()
        var nextSteps: [StateID: Set<StateID>] = [:]
        for target in targets {
            guard ends.insert(target).inserted else { return false }
            let path = ancestry(of: target)
            if let root = path.first { roots.insert(root) }
            for (state, next) in zip(path, path.dropFirst()) { nextSteps[state, default: []].insert(next) }
        }
        guard roots.count == 1, ends.allSatisfy({ nextSteps[$0] == nil }) else { return false }
        return nextSteps.allSatisfy { state, next in next.count == 1 || isParallel(state) }
    }

    /// Whether `state` is nested, at any depth, in `ancestor` (and is not `ancestor` itself).
    public func isDescendant(_ state: StateID, of ancestor: StateID) -> Bool {
        var current = self.state(state)?.parent
        var steps = 0
        // Parents form a tree (checked on construction); the bound only keeps the walk finite.
        while let id = current, steps <= states.count {
            if id == ancestor { return true }
            current = self.state(id)?.parent
            steps += 1
        }
        return false
    }

    /// Whether `transition` leaves its source active: it is targetless, or internal from a
    /// compound state to targets that all lie inside it (SCXML's rule for `type="internal"`).
    /// Such a transition exits and re-enters nothing above its targets, and a diagram draws
    /// it inside its source.
    public func keepsSourceActive(_ transition: Transition) -> Bool {
        if transition.isTargetless { return true }
        guard transition.kind == .internal, isCompound(transition.source) else { return false }
        return transition.targets.allSatisfy { isDescendant($0, of: transition.source) }
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

    /// Checks what parallel states and pseudo-states require; parents are known to form a tree.
    /// - Complexity: O(states + transitions), on the numbers the initializer already resolved.
    private static func checkStructure(
        _ states: [State], parents: [Int], transitions: [Transition], sources: [Int], targetStart: [Int],
        targets: [Int]
    ) throws(MachineError) {
        var hasChildren = [Bool](repeating: false, count: states.count)
        for parent in parents where parent >= 0 { hasChildren[parent] = true }
        // Pseudo-states are few; only their transitions are collected.
        var pseudoOutgoing: [Int: [Int]] = [:]
        for (transition, source) in sources.enumerated() {
            if states[source].pseudoState != nil { pseudoOutgoing[source, default: []].append(transition) }
            for target in targets[targetStart[transition]..<targetStart[transition + 1]]
            where states[target].pseudoState == .initial {
                throw .invalidPseudoState(
                    states[target].id, .targeted(by: transitions[transition].source), at: transitions[transition].location)
            }
        }
        for (number, state) in states.enumerated() {
            if state.isParallel, state.kind == .final {
                throw .invalidParallelState(state.id, .final, at: state.location)
            }
            let parent = parents[number]
            if parent >= 0, states[parent].isParallel, state.kind == .initial {
                throw .invalidParallelState(states[parent].id, .initialRegion(state.id), at: state.location)
            }
            guard let pseudo = state.pseudoState else { continue }
            func fail(_ problem: MachineError.PseudoStateProblem, _ location: SourceLocation? = state.location) -> MachineError {
                .invalidPseudoState(state.id, problem, at: location)
            }
            if hasChildren[number] { throw fail(.hasChildren) }
            if state.isParallel { throw fail(.parallel) }
            if pseudo.isHistory {
                if parent < 0 { throw fail(.historyAtTopLevel) }
                if state.kind != .normal { throw fail(.marked(state.kind)) }
            } else if state.kind != .initial {
                throw fail(.marked(state.kind))
            }
            let defaults = pseudoOutgoing[number] ?? []
            guard pseudo.isHistory ? defaults.count <= 1 : defaults.count == 1 else {
                throw fail(.transitionCount(defaults.count), defaults.dropFirst().first.flatMap { transitions[$0].location })
            }
            guard let transition = defaults.first else { continue }
            if transitions[transition].event != nil || transitions[transition].guardLabel != nil {
                throw fail(.triggeredTransition, transitions[transition].location)
            }
            // A pseudo-state is passed through, never rested in: its way out must lead somewhere.
            if targetStart[transition] == targetStart[transition + 1] {
                throw fail(.targetlessTransition, transitions[transition].location)
            }
            for target in targets[targetStart[transition]..<targetStart[transition + 1]]
            where target == number || !isNested(target, in: parent, parents) {
                throw fail(.targetOutsideParent(states[target].id), transitions[transition].location)
            }
        }
    }

    /// Whether state `state` is a proper descendant of `ancestor` (any state, for -1).
    private static func isNested(_ state: Int, in ancestor: Int, _ parents: [Int]) -> Bool {
        guard ancestor >= 0 else { return true }
        var current = parents[state]
        // Parents form a tree (checked before), so this walk ends.
        while current >= 0 {
            if current == ancestor { return true }
            current = parents[current]
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
