internal import FSMCore

/// The machine's state tree and what the analysis asks of each state in its loops, as flat
/// arrays by state number, computed once in O(states) from the numbers the machine's index
/// already resolved (no identifier is hashed).
struct Hierarchy: Sendable {
    /// What a state is, one byte per state, so loops over a million states read one small
    /// array instead of each ``State`` value.
    struct Traits: OptionSet, Sendable {
        let rawValue: UInt8

        static let final = Traits(rawValue: 1 << 0)
        static let parallel = Traits(rawValue: 1 << 1)
        static let initialPseudoState = Traits(rawValue: 1 << 2)
        static let shallowHistory = Traits(rawValue: 1 << 3)
        static let deepHistory = Traits(rawValue: 1 << 4)
        /// Some state is nested in it.
        static let compound = Traits(rawValue: 1 << 5)
        /// Some transition with a target leaves it (for a history state: it has a default
        /// transition); a targetless transition changes no state, so it does not count.
        static let hasOutgoing = Traits(rawValue: 1 << 6)

        static let pseudoState: Traits = [.initialPseudoState, .shallowHistory, .deepHistory]
    }

    /// Parent number of each state, or -1 at the top level.
    let parents: [Int]
    /// Children by parent in declaration order; the last row holds the top-level states.
    let children: CompressedRows
    /// The child marked initial of each state, or -1.
    let initialChild: [Int]
    /// Each state's traits.
    let traits: [Traits]
    /// Whether no state is nested in another, which lets the analysis skip the tree's work.
    let isFlat: Bool
    /// The final states, in declaration order.
    let finalStates: [Int]

    init(_ machine: Machine) {
        let index = machine.index
        let count = machine.states.count
        let outgoing = index.outgoingRows.starts
        let children = index.childRows
        var traits = [Traits](repeating: [], count: count)
        var initialChild = [Int](repeating: -1, count: count)
        var finalStates: [Int] = []
        for (number, state) in machine.states.enumerated() {
            var flags: Traits = []
            switch state.kind {
            case .final:
                flags.insert(.final)
                finalStates.append(number)
            case .initial:
                if index.parents[number] >= 0 { initialChild[index.parents[number]] = number }
            case .normal:
                break
            }
            if state.isParallel { flags.insert(.parallel) }
            switch state.pseudoState {
            case .initial: flags.insert(.initialPseudoState)
            case .history: flags.insert(.shallowHistory)
            case .deepHistory: flags.insert(.deepHistory)
            case nil: break
            }
            if !children.isEmpty(row: number) { flags.insert(.compound) }
            if outgoing[number] != outgoing[number + 1],
                index.outgoing(from: number).contains(where: { !index.targets(of: $0).isEmpty })
            {
                flags.insert(.hasOutgoing)
            }
            traits[number] = flags
        }
        self.parents = index.parents
        self.children = children
        self.initialChild = initialChild
        self.traits = traits
        self.isFlat = children.starts[count] == 0
        self.finalStates = finalStates
    }

    var count: Int { parents.count }

    func isPseudoState(_ state: Int) -> Bool { !traits[state].isDisjoint(with: .pseudoState) }

    func isParallel(_ state: Int) -> Bool { traits[state].contains(.parallel) }

    /// The regions of a parallel state: its children that are not pseudo-states.
    func regions(of state: Int) -> some BidirectionalCollection<Int> {
        children[state].lazy.filter { !isPseudoState($0) }
    }

    /// Every state, each after its parent (breadth first from the top-level states).
    func topDown() -> [Int] {
        var order = Array(children[count])
        order.reserveCapacity(count)
        guard !isFlat else { return order }
        var head = 0
        while head < order.count {
            order += children[order[head]]
            head += 1
        }
        return order
    }
}
