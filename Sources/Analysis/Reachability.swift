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
struct Reachability {
    private(set) var active: [Bool]
    private(set) var distance: [Int]
    private(set) var predecessor: [(state: Int, via: PathStep.Via)?]
    /// For a state that became active only as the ancestor of an entered state: that state.
    private(set) var activatedThrough: [Int]

    private let hierarchy: Hierarchy
    /// States whose default (initial child, regions) has been entered.
    private var entered: [Bool]
    /// States whose ancestors have been entered from them; climbing again would repeat it.
    private var climbed: [Bool]
    /// For a parallel state: the region a fresh entry came through (-1 none yet), or -2 once
    /// every region has been entered.
    private var freshRegion: [Int]
    /// States whose shallow history was entered: each child that is or becomes active is
    /// re-entered with its default.
    private var historyArmed: [Bool]
    private var queue: [Int] = []
    private var pending: [(state: Int, origin: (state: Int, via: PathStep.Via)?, steps: Int)] = []
    // Marks for one multi-target entry: states on the targets' paths in this entry.
    private var stamp: [Int]
    private var generation = 0

    init(machine: Machine, numbers: [StateID: Int], hierarchy: Hierarchy, outgoing: [[Int]]) {
        let count = numbers.count
        self.hierarchy = hierarchy
        active = [Bool](repeating: false, count: count)
        entered = [Bool](repeating: false, count: count)
        climbed = [Bool](repeating: false, count: count)
        freshRegion = [Int](repeating: -1, count: count)
        historyArmed = [Bool](repeating: false, count: count)
        stamp = [Int](repeating: 0, count: count)
        distance = [Int](repeating: .max, count: count)
        predecessor = [(state: Int, via: PathStep.Via)?](repeating: nil, count: count)
        activatedThrough = [Int](repeating: -1, count: count)
        guard let initial = numbers[machine.initialState] else { return }
        enter(initial, from: nil, steps: 0)
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for index in outgoing[state] {
                let event = machine.index.events[index]
                let via: PathStep.Via = event >= 0 ? .event(machine.events[event].id) : .automatic
                let targets = machine.index.targets(of: index)
                // Only several targets can be entered together; most transitions have one.
                if targets.count > 1, machine.entersTogether(machine.transitions[index]) {
                    enterTogether(Array(targets), from: (state, via), steps: distance[state] + 1)
                } else {
                    for target in targets { enter(target, from: (state, via), steps: distance[state] + 1) }
                }
            }
        }
    }

    /// Enters `state` from outside all its ancestors.
    private mutating func enter(_ state: Int, from origin: (state: Int, via: PathStep.Via)?, steps: Int) {
        activate(state, from: origin, steps: steps)
        var child = state
        // Climbing from a state already climbed from repeats the same work, so each state is
        // climbed from once and the whole search stays linear.
        while !climbed[child], hierarchy.parents[child] >= 0 {
            climbed[child] = true
            let ancestor = hierarchy.parents[child]
            if !active[ancestor] {
                activate(ancestor, from: nil, steps: steps)
                activatedThrough[ancestor] = state
            }
            if hierarchy.isParallel[ancestor] { enterOtherRegions(of: ancestor, than: child, steps: steps) }
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
            for other in hierarchy.regions[state] where other != region {
                pending.append((other, (state, .initialChild), steps + 1))
            }
        default:
            pending.append((freshRegion[state], (state, .initialChild), steps + 1))
            freshRegion[state] = -2
        }
    }

    /// Enters several states at once, each in its own region of a parallel ancestor: regions
    /// holding a target are entered only down to it, the others with their defaults.
    private mutating func enterTogether(_ targets: [Int], from origin: (state: Int, via: PathStep.Via)?, steps: Int) {
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
                    activate(ancestor, from: nil, steps: steps)
                    activatedThrough[ancestor] = target
                }
                ancestors.append(ancestor)
                ancestor = hierarchy.parents[ancestor]
            }
        }
        for state in ancestors + targets where hierarchy.isParallel[state] {
            for region in hierarchy.regions[state] where stamp[region] != generation {
                pending.append((region, (state, .initialChild), steps + 1))
            }
        }
        for target in targets where !hierarchy.isParallel[target] {
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
            switch hierarchy.pseudoStates[state] {
            case .initial:
                // Its default transition is an ordinary automatic transition of an active state.
                break
            case .history, .deepHistory:
                if !hierarchy.hasDefaultTransition[state], parent >= 0 {
                    pending.append((parent, (state, .initialChild), steps + 1))
                }
                if hierarchy.pseudoStates[state] == .history, parent >= 0, !historyArmed[parent] {
                    historyArmed[parent] = true
                    for child in hierarchy.children[parent] where active[child] && hierarchy.pseudoStates[child] == nil {
                        pending.append((child, (state, .initialChild), steps + 1))
                    }
                }
            case nil:
                if hierarchy.isParallel[state] {
                    freshRegion[state] = -2
                    for region in hierarchy.regions[state].reversed() {
                        pending.append((region, (state, .initialChild), steps + 1))
                    }
                } else if hierarchy.initialChild[state] >= 0 {
                    pending.append((hierarchy.initialChild[state], (state, .initialChild), steps + 1))
                }
            }
        }
    }

    private mutating func activate(_ state: Int, from origin: (state: Int, via: PathStep.Via)?, steps: Int) {
        guard !active[state] else { return }
        active[state] = true
        distance[state] = steps
        predecessor[state] = origin
        queue.append(state)
        let parent = hierarchy.parents[state]
        if parent >= 0, historyArmed[parent], hierarchy.pseudoStates[state] == nil {
            pending.append((state, (parent, .initialChild), steps + 1))
        }
    }
}
