internal import FSMCore

/// Breadth-first search over statechart configurations, in time linear in states plus
/// transitions.
///
/// *Entering* a state makes it and its ancestors active and, for a compound state, enters its
/// initial child. An *active* state's own transitions enter their targets. Keeping the two
/// apart matters: a compound state that is active because some other child was entered does
/// not make its initial child reachable.
struct Reachability {
    private(set) var active: [Bool]
    private(set) var distance: [Int]
    private(set) var predecessor: [(state: Int, via: PathStep.Via)?]
    /// For a state that became active only as the ancestor of an entered state: that state.
    private(set) var activatedThrough: [Int]
    private var entered: [Bool]
    private var queue: [Int] = []

    init(machine: Machine, initialChild: [Int]) {
        let index = machine.index
        let parents = index.parents
        let count = machine.states.count
        active = [Bool](repeating: false, count: count)
        entered = [Bool](repeating: false, count: count)
        distance = [Int](repeating: .max, count: count)
        predecessor = [(state: Int, via: PathStep.Via)?](repeating: nil, count: count)
        activatedThrough = [Int](repeating: -1, count: count)
        guard let initial = machine.number(of: machine.initialState) else { return }
        enter(initial, from: nil, distance: 0, parents: parents, initialChild: initialChild)
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for transition in index.outgoing(from: state) {
                let event = index.events[transition]
                let via: PathStep.Via = event >= 0 ? .event(machine.events[event].id) : .automatic
                for target in index.targets(of: transition) {
                    enter(target, from: (state, via), distance: distance[state] + 1, parents: parents, initialChild: initialChild)
                }
            }
        }
    }

    private mutating func enter(
        _ state: Int, from origin: (state: Int, via: PathStep.Via)?, distance steps: Int, parents: [Int],
        initialChild: [Int]
    ) {
        var next: (state: Int, origin: (state: Int, via: PathStep.Via)?, steps: Int)? = (state, origin, steps)
        // Entering descends through initial children; written as a loop so deep nesting
        // cannot exhaust the stack.
        while let (current, cameFrom, currentSteps) = next {
            next = nil
            guard !entered[current] else { return }
            entered[current] = true
            activate(current, from: cameFrom, steps: currentSteps)
            var ancestor = parents[current]
            while ancestor >= 0, !active[ancestor] {
                activate(ancestor, from: nil, steps: currentSteps)
                activatedThrough[ancestor] = current
                ancestor = parents[ancestor]
            }
            let child = initialChild[current]
            if child >= 0 { next = (child, (current, .initialChild), currentSteps + 1) }
        }
    }

    private mutating func activate(_ state: Int, from origin: (state: Int, via: PathStep.Via)?, steps: Int) {
        guard !active[state] else { return }
        active[state] = true
        distance[state] = steps
        predecessor[state] = origin
        queue.append(state)
    }
}
