internal import FSMCore

/// Groups a state's transitions by trigger.
enum TransitionGroups {
    /// Two or more transitions leaving one state on the same event (or all automatic).
    struct Group: Sendable {
        /// The state they leave.
        var state: Int
        /// The transitions, in declaration order.
        var transitions: ArraySlice<Int>
    }

    /// Every group of the machine: states in order, each state's groups ordered by their first
    /// transition.
    ///
    /// - Complexity: O(transitions) for machines whose states use each event once, which
    ///   yield no group: one pass marks, per event, the last state seen using it. The states
    ///   that repeat an event are then grouped by ``sharingEvent(_:in:)``.
    static func all(in machine: Machine) -> [Group] {
        let index = machine.index
        let outgoing = index.outgoingRows
        // Slot 0 is for automatic transitions (event -1).
        var lastUser = [Int](repeating: -1, count: machine.events.count + 1)
        var groups: [Group] = []
        for state in 0..<outgoing.rowCount {
            var repeats = false
            for position in outgoing.starts[state]..<outgoing.starts[state + 1] {
                let slot = index.events[outgoing.values[position]] + 1
                if lastUser[slot] == state {
                    repeats = true
                    break
                }
                lastUser[slot] = state
            }
            guard repeats else { continue }
            for transitions in sharingEvent(outgoing[state], in: index) {
                groups.append(Group(state: state, transitions: transitions))
            }
        }
        return groups
    }

    /// The groups of two or more transitions in `indices` that share an event (or are all
    /// automatic), each in declaration order, ordered by their first transition.
    ///
    /// - Complexity: O(k log k), so one state with very many transitions cannot make a rule
    ///   quadratic.
    static func sharingEvent(_ indices: ArraySlice<Int>, in index: MachineIndex) -> [ArraySlice<Int>] {
        guard indices.count > 1 else { return [] }
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
