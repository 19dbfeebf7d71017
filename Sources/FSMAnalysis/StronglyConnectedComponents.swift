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
            var entering = root
            while entering >= 0 || depth > 0 {
                if entering >= 0 {
                    order[entering] = counter
                    lowLink[entering] = counter
                    counter += 1
                    stack[stackTop] = entering
                    stackTop += 1
                    frameStates[depth] = entering
                    frameNext[depth] = starts[entering]
                    depth += 1
                    entering = -1
                }
                // Scans the top frame's remaining successors, in locals, up to the first
                // state not yet entered.
                let current = frameStates[depth - 1]
                var next = frameNext[depth - 1]
                let end = starts[current + 1]
                var low = lowLink[current]
                while next < end {
                    let successor = values[next]
                    next += 1
                    if order[successor] < 0 {
                        entering = successor
                        break
                    }
                    if closedAs[successor] < 0, order[successor] < low { low = order[successor] }
                }
                lowLink[current] = low
                frameNext[depth - 1] = next
                guard entering < 0 else { continue }
                // Every successor seen: the frame ends, and closes a component if `current`
                // reaches nothing entered before it.
                depth -= 1
                if depth > 0, low < lowLink[frameStates[depth - 1]] { lowLink[frameStates[depth - 1]] = low }
                if low == order[current] {
                    var member = -1
                    while member != current {
                        stackTop -= 1
                        member = stack[stackTop]
                        closedAs[member] = closed
                    }
                    closed += 1
                }
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

    /// The first component's number, 0.
    public var startIndex: Int { 0 }

    /// The number of components.
    public var endIndex: Int { members.rowCount }

    /// The states of component `position`, in increasing order.
    public subscript(position: Int) -> ArraySlice<Int> { members[position] }

    /// The number of the component holding `state`.
    public func component(of state: Int) -> Int { componentOf[state] }
}
