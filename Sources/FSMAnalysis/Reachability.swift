internal import FSMCore

/// Which states a run can make active, by breadth-first search over statechart entries, in
/// time linear in states plus transitions (plus, for the rare transitions that enter several
/// parallel regions at once, their targets' depth).
///
/// *Entering* a state makes it and its ancestors active and then enters its default: a
/// compound state's initial child, every region of a parallel state. An *active* state's own
/// transitions enter their targets. Keeping the two apart matters: a compound state that is
/// active because some other child was entered does not make its initial child reachable.
///
/// A transition is taken as entering its target from outside every ancestor of the target,
/// so a parallel ancestor it enters also enters its other regions. That over-approximates a
/// transition that stays inside the parallel state, which re-enters nothing; it never misses
/// a state a run can reach. History pseudo-states enter their default transition's targets
/// (or their parent's default) and, for shallow history, re-enter with their defaults the
/// children of their parent that were active; deep history restores only states that were
/// active before, so it adds nothing more.
struct Reachability: Sendable {
    /// How a state was first activated: the state active before and the transition it took,
    /// or the state whose default entered it. Two integers rather than a ``PathStep/Via``, so
    /// the search copies no identifiers; witness paths turn them into steps.
    struct Origin: Sendable {
        /// The previous state, or -1 for the initial state and for a state activated only as
        /// the ancestor of an entered one.
        var state: Int
        /// The transition taken, or -1 when `state`'s default (its initial child, a region,
        /// a history state's re-entry) entered this one.
        var transition: Int

        static let none = Origin(state: -1, transition: -1)

        /// Entered as the default of `state`.
        static func entering(from state: Int) -> Origin { Origin(state: state, transition: -1) }
    }

    /// Whether each state can become active.
    let active: [Bool]
    /// The number of steps of a shortest run that makes each state active (`Int.max` if none).
    let distance: [Int]
    /// How each active state was first activated.
    let origins: [Origin]
    /// For a state that became active only as the ancestor of an entered state: that state;
    /// -1 otherwise.
    let activatedThrough: [Int]

    init(_ machine: Machine, hierarchy: Hierarchy, graph: StateGraph) {
        if hierarchy.isFlat {
            (active, distance, origins) = Self.flatSearch(machine, graph: graph)
            activatedThrough = [Int](repeating: -1, count: hierarchy.count)
            return
        }
        var search = Search(machine, hierarchy: hierarchy, graph: graph)
        search.run()
        active = search.active
        distance = search.distance
        origins = search.origins
        activatedThrough = search.activatedThrough
    }
}

extension Reachability {
    /// The search of a machine without nesting, where entering a state is only activating it
    /// (no ancestors, defaults or history): a plain breadth-first search over the graph, whose
    /// rows then hold only transitions' targets. It activates states in the same order, with
    /// the same distances and origins, as the general search would; in local arrays, whose
    /// uniqueness the optimizer checks once outside the loop rather than at every write to
    /// the general search's fields.
    private static func flatSearch(_ machine: Machine, graph: StateGraph) -> ([Bool], [Int], [Origin]) {
        let count = graph.successors.rowCount
        var active = [Bool](repeating: false, count: count)
        var distance = [Int](repeating: .max, count: count)
        var origins = [Origin](repeating: .none, count: count)
        var queue = [Int](repeating: 0, count: count)
        let starts = graph.successors.starts
        let targets = graph.successors.values
        let transitions = graph.transitions
        if let initial = machine.number(of: machine.initialState) {
            active[initial] = true
            distance[initial] = 0
            queue[0] = initial
            var (head, tail) = (0, 1)
            while head < tail {
                let state = queue[head]
                head += 1
                let steps = distance[state] + 1
                for position in starts[state]..<starts[state + 1] where !active[targets[position]] {
                    let target = targets[position]
                    active[target] = true
                    distance[target] = steps
                    origins[target] = Origin(state: state, transition: transitions[position])
                    queue[tail] = target
                    tail += 1
                }
            }
        }
        return (active, distance, origins)
    }

    /// The search's working state; ``Reachability`` keeps only its results.
    private struct Search {
        var active: [Bool]
        var distance: [Int]
        var origins: [Origin]
        var activatedThrough: [Int]

        let machine: Machine
        let hierarchy: Hierarchy
        let graph: StateGraph
        /// States whose default (initial child, regions) has been entered.
        var entered: [Bool]
        /// States whose ancestors have been entered from them; climbing again would repeat it.
        var climbed: [Bool]
        /// For a parallel state: the region a fresh entry came through (-1 none yet), or -2 once
        /// every region has been entered.
        var freshRegion: [Int]
        /// States whose shallow history was entered: each child that is or becomes active is
        /// re-entered with its default.
        var historyArmed: [Bool]
        var queue: [Int] = []
        var pending: [(state: Int, origin: Origin, steps: Int)] = []
        // Marks for one multi-target entry: states on the targets' paths in this entry.
        var stamp: [Int]
        var generation = 0
        /// For parallel states that multi-target transitions entered: the regions not yet
        /// entered with their defaults. Entering a region twice adds nothing, and pruning the
        /// list keeps many such transitions into one wide parallel state linear.
        var regionsNotEntered: [Int: [Int]] = [:]

        init(_ machine: Machine, hierarchy: Hierarchy, graph: StateGraph) {
            let count = hierarchy.count
            self.machine = machine
            self.hierarchy = hierarchy
            self.graph = graph
            active = [Bool](repeating: false, count: count)
            distance = [Int](repeating: .max, count: count)
            origins = [Origin](repeating: .none, count: count)
            activatedThrough = [Int](repeating: -1, count: count)
            entered = [Bool](repeating: false, count: count)
            climbed = [Bool](repeating: false, count: count)
            freshRegion = [Int](repeating: -1, count: count)
            historyArmed = [Bool](repeating: false, count: count)
            stamp = [Int](repeating: 0, count: count)
            queue.reserveCapacity(count)
        }

        mutating func run() {
            guard let initial = machine.number(of: machine.initialState) else { return }
            enter(initial, from: .none, steps: 0)
            let rows = graph.successors
            var head = 0
            while head < queue.count {
                let state = queue[head]
                head += 1
                let steps = distance[state] + 1
                var position = rows.starts[state]
                let end = rows.starts[state + 1]
                // The row holds the state's transitions' targets, each transition's side by
                // side, then the tree's edges, which entering states follows on its own.
                while position < end, graph.transitions[position] >= 0 {
                    let transition = graph.transitions[position]
                    var last = position + 1
                    while last < end, graph.transitions[last] == transition { last += 1 }
                    let origin = Origin(state: state, transition: transition)
                    // Only several targets can be entered together; most transitions have one.
                    if last - position > 1, machine.entersTogether(machine.transitions[transition]) {
                        enterTogether(Array(rows.values[position..<last]), from: origin, steps: steps)
                    } else {
                        for target in position..<last { enter(rows.values[target], from: origin, steps: steps) }
                    }
                    position = last
                }
            }
        }

        /// Enters `state` from outside all its ancestors.
        private mutating func enter(_ state: Int, from origin: Origin, steps: Int) {
            activate(state, from: origin, steps: steps)
            var child = state
            // Climbing from a state already climbed from repeats the same work, so each state is
            // climbed from once and the whole search stays linear.
            while !climbed[child], hierarchy.parents[child] >= 0 {
                climbed[child] = true
                let ancestor = hierarchy.parents[child]
                if !active[ancestor] {
                    activate(ancestor, from: .none, steps: steps)
                    activatedThrough[ancestor] = state
                }
                if hierarchy.isParallel(ancestor) { enterOtherRegions(of: ancestor, than: child, steps: steps) }
                child = ancestor
            }
            pending.append((state, origin, steps))
            drainPending()
        }

        /// Records a fresh entry into parallel `state` through `region`: every other region is
        /// entered with its default. After entries through two different regions all are.
        private mutating func enterOtherRegions(of state: Int, than region: Int, steps: Int) {
            switch freshRegion[state] {
            case -2, region:
                return
            case -1:
                freshRegion[state] = region
                for other in hierarchy.regions(of: state) where other != region {
                    pending.append((other, .entering(from: state), steps + 1))
                }
            default:
                pending.append((freshRegion[state], .entering(from: state), steps + 1))
                freshRegion[state] = -2
            }
        }

        /// Enters several states at once, each in its own region of a parallel ancestor: regions
        /// holding a target are entered only down to it, the others with their defaults.
        private mutating func enterTogether(_ targets: [Int], from origin: Origin, steps: Int) {
            generation += 1
            var ancestors: [Int] = []
            for target in targets {
                activate(target, from: origin, steps: steps)
                stamp[target] = generation
            }
            for target in targets {
                var ancestor = hierarchy.parents[target]
                while ancestor >= 0, stamp[ancestor] != generation {
                    stamp[ancestor] = generation
                    if !active[ancestor] {
                        activate(ancestor, from: .none, steps: steps)
                        activatedThrough[ancestor] = target
                    }
                    ancestors.append(ancestor)
                    ancestor = hierarchy.parents[ancestor]
                }
            }
            for state in ancestors + targets where hierarchy.isParallel(state) {
                var regions = regionsNotEntered[state] ?? Array(hierarchy.regions(of: state))
                regions.removeAll { entered[$0] }
                for region in regions where stamp[region] != generation {
                    pending.append((region, .entering(from: state), steps + 1))
                }
                regionsNotEntered[state] = regions
            }
            for target in targets where !hierarchy.isParallel(target) {
                // A target that is an ancestor of another target is entered only down to it.
                if hierarchy.children[target].contains(where: { stamp[$0] == generation }) { continue }
                pending.append((target, origin, steps))
            }
            drainPending()
        }

        /// Enters the defaults of the pending states, depth first; a loop, so deep nesting cannot
        /// exhaust the stack.
        private mutating func drainPending() {
            while let (state, origin, steps) = pending.popLast() {
                guard !entered[state] else { continue }
                entered[state] = true
                activate(state, from: origin, steps: steps)
                let parent = hierarchy.parents[state]
                let traits = hierarchy.traits[state]
                if traits.contains(.initialPseudoState) {
                    // Its default transition is an ordinary automatic transition of an active state.
                } else if !traits.isDisjoint(with: [.shallowHistory, .deepHistory]) {
                    if !traits.contains(.hasOutgoing), parent >= 0 {
                        pending.append((parent, .entering(from: state), steps + 1))
                    }
                    if traits.contains(.shallowHistory), parent >= 0, !historyArmed[parent] {
                        historyArmed[parent] = true
                        for child in hierarchy.children[parent] where active[child] && !hierarchy.isPseudoState(child) {
                            pending.append((child, .entering(from: state), steps + 1))
                        }
                    }
                } else if traits.contains(.parallel) {
                    freshRegion[state] = -2
                    for region in hierarchy.regions(of: state).reversed() {
                        pending.append((region, .entering(from: state), steps + 1))
                    }
                } else if hierarchy.initialChild[state] >= 0 {
                    pending.append((hierarchy.initialChild[state], .entering(from: state), steps + 1))
                }
            }
        }

        private mutating func activate(_ state: Int, from origin: Origin, steps: Int) {
            guard !active[state] else { return }
            active[state] = true
            distance[state] = steps
            origins[state] = origin
            queue.append(state)
            let parent = hierarchy.parents[state]
            if parent >= 0, historyArmed[parent], !hierarchy.isPseudoState(state) {
                pending.append((state, .entering(from: parent), steps + 1))
            }
        }
    }
}
