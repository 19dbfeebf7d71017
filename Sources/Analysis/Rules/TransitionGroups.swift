internal import FSMCore

/// Groups a state's transitions by trigger.
enum TransitionGroups {
    /// The groups of two or more transitions in `indices` that share an event (or are all
    /// automatic), each in declaration order, ordered by their first transition.
    ///
    /// - Complexity: O(k) without allocation for the usual handful of transitions with
    ///   distinct events; O(k log k) otherwise, so one state with very many transitions cannot
    ///   make a rule quadratic.
    static func sharingEvent(_ indices: ArraySlice<Int>, in index: MachineIndex) -> [ArraySlice<Int>] {
        guard indices.count > 1 else { return [] }
        if indices.count <= 8 {
            var shared = false
            for (offset, first) in indices.enumerated() where !shared {
                shared = indices.dropFirst(offset + 1).contains { index.events[$0] == index.events[first] }
            }
            guard shared else { return [] }
        }
        let sorted = indices.sorted { (index.events[$0], $0) < (index.events[$1], $1) }
        var groups: [ArraySlice<Int>] = []
        var start = 0
        for position in 1...sorted.count
        where position == sorted.count || index.events[sorted[position]] != index.events[sorted[start]] {
            if position - start > 1 { groups.append(sorted[start..<position]) }
            start = position
        }
        return groups.sorted { ($0.first ?? 0) < ($1.first ?? 0) }
    }
}
