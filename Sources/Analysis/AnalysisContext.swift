public import FSMCore

/// What every rule needs to know about one machine, computed once, in time linear in states
/// plus transitions.
///
/// States are numbered in declaration order. Hierarchy follows statecharts: a state is
/// *active* while it or any descendant is; entering a compound state enters its initial child
/// and entering a parallel state enters all its regions; a transition leaving a compound state
/// is available in every descendant; history pseudo-states re-enter what their parent held.
/// See ``Reachability`` for the exact rules.
public struct AnalysisContext: Sendable {
    /// The machine under analysis.
    public let machine: Machine
    /// The machine's structure as integers (states, events and transitions by position).
    public let index: MachineIndex
    /// State identifiers by number.
    public let stateIDs: [StateID]
    /// State numbers by identifier.
    public let stateNumbers: [StateID: Int]
    /// Parent number of each state, or -1 at the top level.
    public let parents: [Int]
    /// Transition indices leaving each state, in declaration order.
    public let outgoing: [[Int]]
    /// Whether each state can become active from the initial state.
    public let reachable: [Bool]
    /// The number of steps of a shortest run that makes each state active (`Int.max` if none).
    public let distance: [Int]
    /// The strongly connected components of the state graph, each sorted by state number,
    /// listed in order of their first state.
    public let components: [[Int]]
    /// The component number of each state.
    public let componentOf: [Int]
    /// Each state's successors in the state graph used for components: transition targets,
    /// a compound state's initial child, a parallel state's regions, and a child's parent
    /// (whose transitions it can take).
    public let successors: [[Int]]
    /// Whether some transition can fire while each state is active: one of its own, one of an
    /// ancestor's, or one in another region of a parallel ancestor, which runs alongside it.
    public let canMove: [Bool]
    /// Each state's children, in declaration order.
    public let children: [[Int]]

    // How each reachable state was first activated, for witness paths: the previous state
    // and the step, or the descendant whose entry made it active.
    private let predecessor: [(state: Int, via: PathStep.Via)?]
    private let activatedThrough: [Int]

    /// Analyses `machine`.
    public init(_ machine: Machine) {
        self.machine = machine
        let index = machine.index
        self.index = index
        let ids = machine.states.map(\.id)
        var numbers: [StateID: Int] = [:]
        numbers.reserveCapacity(ids.count)
        for (number, id) in ids.enumerated() { numbers[id] = number }
        // The machine resolved every name once; reuse its numbers instead of hashing again.
        let outgoing = ids.indices.map { Array(index.outgoing(from: $0)) }
        let hierarchy = Hierarchy(machine, numbers: numbers, outgoing: outgoing)
        let parents = hierarchy.parents
        var successors = [[Int]](repeating: [], count: ids.count)
        for number in ids.indices {
            for transition in outgoing[number] {
                successors[number] += index.targets(of: transition)
            }
            if hierarchy.initialChild[number] >= 0 { successors[number].append(hierarchy.initialChild[number]) }
            successors[number] += hierarchy.regions[number]
            if parents[number] >= 0 { successors[number].append(parents[number]) }
        }
        self.stateIDs = ids
        self.stateNumbers = numbers
        self.parents = parents
        self.outgoing = outgoing
        self.successors = successors
        self.children = hierarchy.children
        self.canMove = Self.canMove(hierarchy, outgoing: outgoing)
        let reach = Reachability(machine: machine, numbers: numbers, hierarchy: hierarchy, outgoing: outgoing)
        self.reachable = reach.active
        self.distance = reach.distance
        self.predecessor = reach.predecessor
        self.activatedThrough = reach.activatedThrough
        let components = StronglyConnectedComponents(successors: successors)
        self.components = components.components
        self.componentOf = components.componentOf
    }

    /// A shortest run from the initial state that makes `state` active, or `nil` if none does.
    public func path(to state: Int) -> [PathStep]? {
        guard reachable[state] else { return nil }
        var steps: [PathStep] = []
        var current = state
        while activatedThrough[current] >= 0 { current = activatedThrough[current] }
        while let previous = predecessor[current] {
            steps.append(PathStep(via: previous.via, state: stateIDs[current]))
            current = previous.state
            while activatedThrough[current] >= 0 { current = activatedThrough[current] }
        }
        steps.append(PathStep(via: nil, state: stateIDs[current]))
        return steps.reversed()
    }

    /// ``canMove`` in two linear passes: which subtrees hold a transition source (bottom up),
    /// then what each state inherits from its ancestors and their parallel siblings (top down).
    private static func canMove(_ hierarchy: Hierarchy, outgoing: [[Int]]) -> [Bool] {
        let count = outgoing.count
        var subtreeMoves = outgoing.map { !$0.isEmpty }
        for state in hierarchy.topDown.reversed() where subtreeMoves[state] && hierarchy.parents[state] >= 0 {
            subtreeMoves[hierarchy.parents[state]] = true
        }
        var movingRegions = [Int](repeating: 0, count: count)
        for state in 0..<count {
            movingRegions[state] = hierarchy.regions[state].filter { subtreeMoves[$0] }.count
        }
        var result = [Bool](repeating: false, count: count)
        for state in hierarchy.topDown {
            let parent = hierarchy.parents[state]
            var moves = !outgoing[state].isEmpty
            if parent >= 0 {
                moves = moves || result[parent]
                if hierarchy.isParallel[parent], hierarchy.pseudoStates[state] == nil {
                    moves = moves || movingRegions[parent] - (subtreeMoves[state] ? 1 : 0) > 0
                }
            }
            result[state] = moves
        }
        return result
    }

    /// Whether `state` is a pseudo-state (initial or history).
    public func isPseudoState(_ state: Int) -> Bool { machine.states[state].pseudoState != nil }

    /// The number of `id`, which must be a state of the machine.
    public func number(_ id: StateID) -> Int { stateNumbers[id] ?? 0 }

    /// Whether `state` is final.
    public func isFinal(_ state: Int) -> Bool { machine.states[state].kind == .final }

    /// Whether any state is nested in `state`.
    public func isCompound(_ state: Int) -> Bool { !children[state].isEmpty }

    /// Indices of the transitions available while `state` is active: its own, then its
    /// ancestors', innermost first.
    public func availableTransitions(in state: Int) -> [Int] {
        var result: [Int] = []
        var current = state
        while current >= 0 {
            result += outgoing[current]
            current = parents[current]
        }
        return result
    }
}
