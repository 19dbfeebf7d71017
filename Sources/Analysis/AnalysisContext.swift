public import FSMCore

/// What every rule needs to know about one machine, computed once, in time linear in states
/// plus transitions.
///
/// States are numbered in declaration order. Hierarchy follows statecharts: a state is
/// *active* while it or any descendant is; entering a compound state enters its initial child;
/// a transition leaving a compound state is available in every descendant.
public struct AnalysisContext: Sendable {
    /// The machine under analysis.
    public let machine: Machine
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
    /// a compound state's initial child, and a child's parent (whose transitions it can take).
    public let successors: [[Int]]

    // How each reachable state was first activated, for witness paths: the previous state
    // and the step, or the descendant whose entry made it active.
    private let predecessor: [(state: Int, via: PathStep.Via)?]
    private let activatedThrough: [Int]

    /// Analyses `machine`.
    public init(_ machine: Machine) {
        self.machine = machine
        let ids = machine.states.map(\.id)
        var numbers: [StateID: Int] = [:]
        numbers.reserveCapacity(ids.count)
        for (number, id) in ids.enumerated() { numbers[id] = number }
        let parents = machine.states.map { state in state.parent.flatMap { numbers[$0] } ?? -1 }
        var outgoing = [[Int]](repeating: [], count: ids.count)
        for (index, transition) in machine.transitions.enumerated() {
            if let source = numbers[transition.source] { outgoing[source].append(index) }
        }
        var initialChild = [Int](repeating: -1, count: ids.count)
        for (number, state) in machine.states.enumerated() where state.kind == .initial && parents[number] >= 0 {
            initialChild[parents[number]] = number
        }
        var successors = [[Int]](repeating: [], count: ids.count)
        for number in ids.indices {
            for index in outgoing[number] {
                for target in machine.transitions[index].targets {
                    if let target = numbers[target] { successors[number].append(target) }
                }
            }
            if initialChild[number] >= 0 { successors[number].append(initialChild[number]) }
            if parents[number] >= 0 { successors[number].append(parents[number]) }
        }
        self.stateIDs = ids
        self.stateNumbers = numbers
        self.parents = parents
        self.outgoing = outgoing
        self.successors = successors
        let reach = Reachability(
            machine: machine, numbers: numbers, parents: parents, outgoing: outgoing, initialChild: initialChild)
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

    /// The number of `id`, which must be a state of the machine.
    public func number(_ id: StateID) -> Int { stateNumbers[id] ?? 0 }

    /// Whether `state` is final.
    public func isFinal(_ state: Int) -> Bool { machine.states[state].kind == .final }

    /// Whether any state is nested in `state`.
    public func isCompound(_ state: Int) -> Bool { machine.isCompound(stateIDs[state]) }

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
