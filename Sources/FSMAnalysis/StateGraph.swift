internal import FSMCore

/// The machine's state graph as compressed rows by source state, shared by the reachability
/// search and the components: row `s` holds the targets of `s`'s transitions (in declaration
/// order, a transition's targets side by side), then `s`'s initial child, its regions when
/// it is parallel, and its parent (whose transitions it can take).
///
/// The machine's index keeps targets by transition and transitions by source, so walking
/// `s`'s targets through it jumps across both arrays at every step; in this layout a state's
/// targets are contiguous, and a search over a million transitions misses the cache once per
/// state rather than twice per transition.
struct StateGraph: Sendable {
    /// Each state's successors.
    let successors: CompressedRows
    /// For each entry of `successors.values`: the transition that leads there, or -1 for the
    /// edges of the state tree (initial child, regions, parent).
    let transitions: [Int]

    /// Builds the graph in one pass over states and transitions, leaving out the transitions
    /// in `skipping` (those that can never fire).
    init<Reason>(_ index: MachineIndex, _ hierarchy: Hierarchy, skipping: [Int: Reason] = [:]) {
        let count = hierarchy.count
        let outgoing = index.outgoingRows
        let targets = index.targetRows
        var treeEdges = 0
        if !hierarchy.isFlat {
            for state in 0..<count {
                if hierarchy.initialChild[state] >= 0 { treeEdges += 1 }
                if hierarchy.isParallel(state) { treeEdges += hierarchy.regions(of: state).count }
                if hierarchy.parents[state] >= 0 { treeEdges += 1 }
            }
        }
        // Written in place rather than appended: the loop then checks no capacity.
        var starts = [Int](repeating: 0, count: count + 1)
        let skippedTargets = skipping.keys.reduce(0) { $0 + targets.starts[$1 + 1] - targets.starts[$1] }
        var values = [Int](repeating: 0, count: targets.values.count - skippedTargets + treeEdges)
        var transitions = [Int](repeating: -1, count: values.count)
        var filled = 0
        for state in 0..<count {
            for position in outgoing.starts[state]..<outgoing.starts[state + 1] {
                let transition = outgoing.values[position]
                if !skipping.isEmpty, skipping[transition] != nil { continue }
                for target in targets.starts[transition]..<targets.starts[transition + 1] {
                    values[filled] = targets.values[target]
                    transitions[filled] = transition
                    filled += 1
                }
            }
            if treeEdges > 0 {
                if hierarchy.initialChild[state] >= 0 {
                    values[filled] = hierarchy.initialChild[state]
                    filled += 1
                }
                if hierarchy.isParallel(state) {
                    for region in hierarchy.regions(of: state) {
                        values[filled] = region
                        filled += 1
                    }
                }
                if hierarchy.parents[state] >= 0 {
                    values[filled] = hierarchy.parents[state]
                    filled += 1
                }
            }
            starts[state + 1] = filled
        }
        successors = CompressedRows(starts: starts, values: values)
        self.transitions = transitions
    }
}
