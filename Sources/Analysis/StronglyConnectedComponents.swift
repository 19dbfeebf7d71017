/// Tarjan's algorithm, iterative: a chain of a million states must not overflow the stack.
///
/// - Complexity: O(V + E).
struct StronglyConnectedComponents {
    /// Components, each sorted by state number, in order of their smallest state.
    private(set) var components: [[Int]] = []
    /// The index into `components` of each state's component.
    private(set) var componentOf: [Int]

    init(successors: [[Int]]) {
        let count = successors.count
        componentOf = [Int](repeating: -1, count: count)
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        // Each frame: a state and how many of its successors have been looked at.
        var frames: [(state: Int, next: Int)] = []
        var counter = 0
        var found: [[Int]] = []
        for root in 0..<count where index[root] < 0 {
            frames.append((root, 0))
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let state = frame.state
                if frame.next < successors[state].count {
                    frames[frames.count - 1].next += 1
                    let successor = successors[state][frame.next]
                    if index[successor] < 0 {
                        index[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack[successor] = true
                        frames.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[state] = min(lowLink[state], index[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.state] = min(lowLink[parent.state], lowLink[state])
                }
                if lowLink[state] == index[state] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == state { break }
                    }
                    found.append(component.sorted())
                }
            }
        }
        found.sort { $0[0] < $1[0] }
        for (number, component) in found.enumerated() {
            for member in component { componentOf[member] = number }
        }
        components = found
    }
}
