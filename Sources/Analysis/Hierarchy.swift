internal import FSMCore

/// The machine's state tree by state number, computed once for the analysis.
struct Hierarchy: Sendable {
    /// Parent number of each state, or -1 at the top level.
    let parents: [Int]
    /// Children of each state, in declaration order.
    let children: [[Int]]
    /// The child marked initial of each state, or -1.
    let initialChild: [Int]
    /// Whether each state is parallel.
    let isParallel: [Bool]
    /// The regions of each parallel state (children that are not pseudo-states); empty otherwise.
    let regions: [[Int]]
    /// The pseudo-state kind of each state.
    let pseudoStates: [PseudoState?]
    /// Whether each state has an outgoing transition (for a history state: a default one).
    let hasDefaultTransition: [Bool]
    /// Every state, each after its parent.
    let topDown: [Int]

    init(_ machine: Machine, numbers: [StateID: Int], outgoing: [[Int]]) {
        let count = machine.states.count
        let parents = machine.states.map { state in state.parent.flatMap { numbers[$0] } ?? -1 }
        var children = [[Int]](repeating: [], count: count)
        var roots: [Int] = []
        var initialChild = [Int](repeating: -1, count: count)
        for (number, parent) in parents.enumerated() {
            if parent >= 0 {
                children[parent].append(number)
                if machine.states[number].kind == .initial { initialChild[parent] = number }
            } else {
                roots.append(number)
            }
        }
        let pseudoStates = machine.states.map(\.pseudoState)
        let isParallel = machine.states.map(\.isParallel)
        self.parents = parents
        self.children = children
        self.initialChild = initialChild
        self.isParallel = isParallel
        self.regions = (0..<count).map { number in
            isParallel[number] ? children[number].filter { pseudoStates[$0] == nil } : []
        }
        self.pseudoStates = pseudoStates
        self.hasDefaultTransition = outgoing.map { !$0.isEmpty }
        var order = roots
        var head = 0
        while head < order.count {
            order += children[order[head]]
            head += 1
        }
        self.topDown = order
    }
}
