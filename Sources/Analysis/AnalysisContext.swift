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
    /// The machine's structure as integers (states, events and transitions by position).
    public let index: MachineIndex
    /// State identifiers by number.
    public let stateIDs: [StateID]
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
        let index = machine.index
        let count = machine.states.count
        var initialChild = [Int](repeating: -1, count: count)
        for (number, state) in machine.states.enumerated() where state.kind == .initial && index.parents[number] >= 0 {
            initialChild[index.parents[number]] = number
        }
        var successors = [[Int]](repeating: [], count: count)
        for number in 0..<count {
            for transition in index.outgoing(from: number) {
                successors[number] += index.targets(of: transition)
            }
            if initialChild[number] >= 0 { successors[number].append(initialChild[number]) }
            if index.parents[number] >= 0 { successors[number].append(index.parents[number]) }
        }
        self.index = index
        self.stateIDs = machine.states.map(\.id)
        self.successors = successors
        let reach = Reachability(machine: machine, initialChild: initialChild)
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

    /// Whether `state` is final.
    public func isFinal(_ state: Int) -> Bool { machine.states[state].kind == .final }

    /// Whether any state is nested in `state`.
    public func isCompound(_ state: Int) -> Bool { machine.isCompound(stateIDs[state]) }

    /// Whether any transition is available while `state` is active: its own or an
    /// ancestor's.
    public func hasAvailableTransitions(in state: Int) -> Bool {
        var current = state
        while current >= 0 {
            if !index.outgoing(from: current).isEmpty { return true }
            current = index.parents[current]
        }
        return false
    }
}
