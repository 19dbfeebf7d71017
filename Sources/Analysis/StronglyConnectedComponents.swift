public import FSMCore

/// The strongly connected components of a graph over state numbers, numbered in order of
/// their smallest state; each component lists its states in increasing order.
///
/// Found by Tarjan's algorithm, iterative (a chain of a million states must not overflow the
/// stack), and kept as two flat arrays whatever the number of components.
/// - Complexity: O(V + E) time and memory.
public struct StronglyConnectedComponents: RandomAccessCollection, Sendable {
    private let members: CompressedRows
    private let componentOf: [Int]

    /// The components of the graph whose row `v` lists the successors of vertex `v`.
    public init(successors: CompressedRows) {
        let count = successors.rowCount
        let starts = successors.starts
        let values = successors.values
        // Tarjan numbers components as it closes them (renumbered below by smallest state).
        // A state is on Tarjan's stack exactly while it is visited and not yet closed, so no
        // separate on-stack flags are kept.
        var closedAs = [Int](repeating: -1, count: count)
        var closed = 0
        var order = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        // Both stacks hold each state at most once, so they are allocated whole and indexed
        // rather than appended to. A frame is a state and the position in `values` of its
        // next successor.
        var stack = [Int](repeating: 0, count: count)
        var stackTop = 0
        var frameStates = [Int](repeating: 0, count: count)
        var frameNext = [Int](repeating: 0, count: count)
        var depth = 0
        var counter = 0
        for root in 0..<count where order[root] < 0 {
            var state = root
            // Enters `state`: numbers it and pushes it on both stacks.
            while true {
                order[state] = counter
                lowLink[state] = counter
                counter += 1
                stack[stackTop] = state
                stackTop += 1
                frameStates[depth] = state
                frameNext[depth] = starts[state]
                depth += 1
                // Follows successors until one is new (entered next) or the frames run out.
                var descend = false
                while depth > 0, !descend {
                    let current = frameStates[depth - 1]
                    let next = frameNext[depth - 1]
                    if next < starts[current + 1] {
                        frameNext[depth - 1] = next + 1
                        let successor = values[next]
                        if order[successor] < 0 {
                            state = successor
                            descend = true
                        } else if closedAs[successor] < 0 {
                            lowLink[current] = Swift.min(lowLink[current], order[successor])
                        }
                        continue
                    }
                    depth -= 1
                    if depth > 0 {
                        let parent = frameStates[depth - 1]
                        lowLink[parent] = Swift.min(lowLink[parent], lowLink[current])
                    }
                    if lowLink[current] == order[current] {
                        var member = -1
                        while member != current {
                            stackTop -= 1
                            member = stack[stackTop]
                            closedAs[member] = closed
                        }
                        closed += 1
                    }
                }
                if !descend { break }
            }
        }
        // Renumber by smallest state, then group states by component with a counting sort,
        // which lists each component's states in increasing order without sorting.
        var renumbered = [Int](repeating: -1, count: closed)
        var next = 0
        var componentOf = closedAs
        // Sizes first; their running sums then end each component's run of members.
        var memberStarts = [Int](repeating: 0, count: closed + 1)
        for state in 0..<count {
            if renumbered[closedAs[state]] < 0 {
                renumbered[closedAs[state]] = next
                next += 1
            }
            componentOf[state] = renumbered[closedAs[state]]
            memberStarts[componentOf[state]] += 1
        }
        for component in 1..<(closed + 1) { memberStarts[component] += memberStarts[component - 1] }
        // Filled from the last state down, each run's end moves back to its start.
        var members = [Int](repeating: 0, count: count)
        for state in (0..<count).reversed() {
            memberStarts[componentOf[state]] -= 1
            members[memberStarts[componentOf[state]]] = state
        }
        self.members = CompressedRows(starts: memberStarts, values: members)
        self.componentOf = componentOf
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int { members.rowCount }

    /// The states of component `position`, in increasing order.
    public subscript(position: Int) -> ArraySlice<Int> { members[position] }

    /// The number of the component holding `state`.
    public func component(of state: Int) -> Int { componentOf[state] }
}
