internal import FSMCore

/// The machine's transitions with their ends replaced by the states they are drawn as, and
/// those that fold into a single collapsed state dropped.
struct FoldedTransitions {
    var transitions: [Int] = []
    var sources: [Int] = []
    var targetStart: [Int] = [0]
    var targets: [Int] = []

    init(_ index: MachineIndex, transitionCount: Int, representative: [Int]) {
        transitions.reserveCapacity(transitionCount)
        sources.reserveCapacity(transitionCount)
        targetStart.reserveCapacity(transitionCount + 1)
        targets.reserveCapacity(transitionCount)
        // The last transition that drew an edge to each state: whether a folded target is
        // already among this transition's, in O(1) rather than a scan of its targets.
        var lastDrawnBy = [Int](repeating: -1, count: representative.count)
        for transition in 0..<transitionCount {
            let original = index.sources[transition]
            let source = representative[original]
            let first = targets.count
            var moved = original != source
            for target in index.targets(of: transition) {
                let drawn = representative[target]
                moved = moved || drawn != target
                // A choice between states that fold into one is a single edge to it.
                if drawn != target, lastDrawnBy[drawn] == transition { continue }
                lastDrawnBy[drawn] = transition
                targets.append(drawn)
            }
            if moved, targets[first...].allSatisfy({ $0 == source }) {
                // Both ends are inside one collapsed state: nothing to draw at this level.
                targets.removeSubrange(first...)
                continue
            }
            transitions.append(transition)
            sources.append(source)
            targetStart.append(targets.count)
        }
    }

    func targets(of edge: Int) -> ArraySlice<Int> { targets[targetStart[edge]..<targetStart[edge + 1]] }

    /// The states at most `radius` steps from `start`, following transitions either way and
    /// from compound states to their drawn children (breadth-first, no recursion).
    func neighbourhood(of start: Int, radius: Int, index: MachineIndex, representative: [Int]) -> [Bool] {
        let count = representative.count
        // Undirected adjacency as compressed rows: two passes, counting then filling.
        var degree = [Int](repeating: 0, count: count + 1)
        for edge in sources.indices {
            for target in targets(of: edge) {
                degree[sources[edge] + 1] += 1
                degree[target + 1] += 1
            }
        }
        for state in 0..<count where representative[state] == state {
            for child in index.children(of: state) where representative[child] == child { degree[state + 1] += 1 }
        }
        for state in 0..<count { degree[state + 1] += degree[state] }
        var fill = degree
        var neighbours = [Int](repeating: 0, count: degree[count])
        func link(_ from: Int, _ to: Int) {
            neighbours[fill[from]] = to
            fill[from] += 1
        }
        for edge in sources.indices {
            for target in targets(of: edge) {
                link(sources[edge], target)
                link(target, sources[edge])
            }
        }
        for state in 0..<count where representative[state] == state {
            for child in index.children(of: state) where representative[child] == child { link(state, child) }
        }

        var distance = [Int](repeating: -1, count: count)
        var queue = [start]
        distance[start] = 0
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            guard distance[state] < radius else { continue }
            for neighbour in neighbours[degree[state]..<degree[state + 1]] where distance[neighbour] < 0 {
                distance[neighbour] = distance[state] + 1
                queue.append(neighbour)
            }
        }
        return distance.map { $0 >= 0 }
    }

    /// The view: edges between drawn states kept (trimmed to their drawn targets), the others
    /// counted as stubs on the drawn end.
    func cut(machine: Machine, shown: [Bool], collapsed: [Int: Int], initial: Int?) -> DiagramView {
        var keptTransitions: [Int] = []
        var keptSources: [Int] = []
        var keptStart = [0]
        var keptTargets: [Int] = []
        var outgoing: [Int: Int] = [:]
        var incoming: [Int: Int] = [:]
        for edge in sources.indices {
            let source = sources[edge]
            let first = keptTargets.count
            var cut = false
            for target in targets(of: edge) {
                if shown[target] {
                    keptTargets.append(target)
                } else {
                    cut = true
                }
            }
            if shown[source] {
                if cut { outgoing[source, default: 0] += 1 }
                if keptTargets.count > first {
                    keptTransitions.append(transitions[edge])
                    keptSources.append(source)
                    keptStart.append(keptTargets.count)
                }
            } else {
                for target in keptTargets[first...] { incoming[target, default: 0] += 1 }
                keptTargets.removeSubrange(first...)
            }
        }
        var stubs: [DiagramStub] = []
        for state in shown.indices where shown[state] && (outgoing[state] != nil || incoming[state] != nil) {
            stubs.append(
                DiagramStub(
                    state: machine.states[state].id, outgoing: outgoing[state] ?? 0, incoming: incoming[state] ?? 0))
        }
        return DiagramView(
            machine: machine, shown: shown, collapsed: collapsed, initial: initial.flatMap { shown[$0] ? $0 : nil },
            edgeTransitions: keptTransitions, edgeSources: keptSources, edgeTargetStart: keptStart,
            edgeTargets: keptTargets, stubs: stubs)
    }
}
