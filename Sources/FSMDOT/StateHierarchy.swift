internal import FSMCore

/// Depths, a top-down order and descendant counts of a machine's states, found without
/// recursion.
struct StateHierarchy {
    /// Every state, parents before their children.
    var topDown: [Int] = []
    /// 1 for top-level states.
    var depth: [Int]
    /// How many states each state contains at any depth.
    var descendants: [Int]

    init(_ index: MachineIndex, count: Int) {
        depth = [Int](repeating: 1, count: count)
        descendants = [Int](repeating: 0, count: count)
        topDown.reserveCapacity(count)
        topDown += index.children(of: nil)
        var head = 0
        while head < topDown.count {
            let state = topDown[head]
            head += 1
            for child in index.children(of: state) {
                depth[child] = depth[state] + 1
                topDown.append(child)
            }
        }
        for state in topDown.reversed() where index.parents[state] >= 0 {
            descendants[index.parents[state]] += descendants[state] + 1
        }
    }
}
