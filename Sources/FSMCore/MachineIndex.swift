/// A machine's structure as integers, computed once when the machine is created: states and
/// events by position in ``Machine/states`` and ``Machine/events``, transitions by position in
/// ``Machine/transitions``.
///
/// Analyses of machines with a million transitions run on these arrays instead of hashing
/// identifiers again and again.
/// - Complexity: O(states + transitions) memory; every accessor is O(1).
public struct MachineIndex: Hashable, Sendable {
    /// The state number of each transition's source.
    public let sources: [Int]
    /// The event number of each transition, or -1 for an automatic transition.
    public let events: [Int]
    /// Each state's parent number, or -1 for a top-level state.
    public let parents: [Int]
    // Compressed rows: the targets of transition `t` are targets[targetStart[t]..<targetStart[t+1]].
    private let targetStart: [Int]
    private let targets: [Int]
    // Transitions grouped by source, each group in declaration order.
    private let outgoingStart: [Int]
    private let outgoingTransitions: [Int]
    // Children grouped by parent (top-level states last, under stateCount).
    private let childStart: [Int]
    private let childStates: [Int]

    /// The state numbers each transition may enter.
    public func targets(of transition: Int) -> ArraySlice<Int> {
        targets[targetStart[transition]..<targetStart[transition + 1]]
    }

    /// The transitions leaving `state`, in declaration order.
    public func outgoing(from state: Int) -> ArraySlice<Int> {
        outgoingTransitions[outgoingStart[state]..<outgoingStart[state + 1]]
    }

    /// The states nested directly in `state` (top-level states for `nil`), in declaration order.
    public func children(of state: Int?) -> ArraySlice<Int> {
        let row = state ?? parents.count
        return childStates[childStart[row]..<childStart[row + 1]]
    }

    /// Builds the index from already resolved numbers.
    init(stateCount: Int, parents: [Int], sources: [Int], events: [Int], targetStart: [Int], targets: [Int]) {
        self.sources = sources
        self.events = events
        self.parents = parents
        self.targetStart = targetStart
        self.targets = targets
        (outgoingStart, outgoingTransitions) = Self.group(sources.indices, by: { sources[$0] }, rows: stateCount)
        (childStart, childStates) = Self.group(parents.indices, by: { parents[$0] < 0 ? stateCount : parents[$0] }, rows: stateCount + 1)
    }

    /// Counting sort of `items` into `rows` by `row(item)`, stable, as compressed rows.
    private static func group(_ items: Range<Int>, by row: (Int) -> Int, rows: Int) -> ([Int], [Int]) {
        var start = [Int](repeating: 0, count: rows + 1)
        for item in items { start[row(item) + 1] += 1 }
        for index in 0..<rows { start[index + 1] += start[index] }
        var next = start
        var grouped = [Int](repeating: 0, count: items.count)
        for item in items {
            let destination = row(item)
            grouped[next[destination]] = item
            next[destination] += 1
        }
        return (start, grouped)
    }
}

extension MachineIndex {
    /// The rows behind ``targets(of:)``: row `t` holds transition `t`'s target states.
    public var targetRows: CompressedRows { CompressedRows(starts: targetStart, values: targets) }

    /// The rows behind ``outgoing(from:)``: row `s` holds the transitions leaving state `s`,
    /// in declaration order.
    public var outgoingRows: CompressedRows { CompressedRows(starts: outgoingStart, values: outgoingTransitions) }

    /// The rows behind ``children(of:)``: row `s` holds the children of state `s`, and the
    /// last row (number ``parents``.count) the top-level states, each in declaration order.
    public var childRows: CompressedRows { CompressedRows(starts: childStart, values: childStates) }
}
