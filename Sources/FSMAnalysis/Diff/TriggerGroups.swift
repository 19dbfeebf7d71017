internal import FSMCore

/// The transitions that leave one source on one event, whose document order is their
/// priority, matched between two versions of a machine.
struct TriggerGroups {
    /// A group's source and event.
    struct Key: Hashable {
        var source: StateID
        var event: EventID?
    }

    /// What a transition does, without where it was written: identical contents are the same
    /// transition.
    private struct Content: Hashable {
        var targets: [StateID]
        var kind: TransitionKind
        var guardLabel: String?
        var effects: [String]

        init(_ transition: Transition) {
            targets = transition.targets
            kind = transition.kind
            guardLabel = transition.guardLabel
            effects = transition.effects
        }
    }

    /// The transitions of each group, by number, in document order, and the groups in order of
    /// their first transition.
    let members: [Key: [Int]]
    let keys: [Key]

    init(_ machine: Machine) {
        var members: [Key: [Int]] = [:]
        var keys: [Key] = []
        for (number, transition) in machine.transitions.enumerated() {
            let key = Key(source: transition.source, event: transition.event)
            if members[key] == nil { keys.append(key) }
            members[key, default: []].append(number)
        }
        self.members = members
        self.keys = keys
    }

    /// The transitions `numbers` of `machine` (those leaving one state) by event, in order,
    /// and the events in order of their first transition.
    static func byEvent(_ numbers: ArraySlice<Int>, in machine: Machine) -> (events: [EventID?], members: [EventID?: [Int]]) {
        var members: [EventID?: [Int]] = [:]
        var events: [EventID?] = []
        for number in numbers {
            let event = machine.transitions[number].event
            if members[event] == nil { events.append(event) }
            members[event, default: []].append(number)
        }
        return (events, members)
    }

    /// Whether two transitions of one source are the same transition: same event, same content.
    static func same(_ first: Transition, _ second: Transition) -> Bool {
        first.event == second.event && first.targets == second.targets && first.kind == second.kind
            && first.guardLabel == second.guardLabel && first.effects == second.effects
    }

    /// Pairs of ranks (old, new) of the transitions matched between one group's two versions.
    ///
    /// Identical transitions match first, the k-th of a content in the old version with the
    /// k-th in the new; then those with the same guard, in order; then the rest, by position.
    /// Every rule is symmetric, so matching the new version against the old finds the same
    /// pairs.
    static func match(_ old: [Transition], _ new: [Transition]) -> [(old: Int, new: Int)] {
        var pairs: [(old: Int, new: Int)] = []
        var oldFree = Array(old.indices)
        var newFree = Array(new.indices)
        func pairUp<Key: Hashable>(by key: (Transition) -> Key) {
            var waiting: [Key: [Int]] = [:]
            for rank in oldFree { waiting[key(old[rank]), default: []].append(rank) }
            var taken: [Key: Int] = [:]
            var stillFree: [Int] = []
            for rank in newFree {
                let content = key(new[rank])
                let next = taken[content, default: 0]
                if let candidates = waiting[content], next < candidates.count {
                    pairs.append((candidates[next], rank))
                    taken[content] = next + 1
                } else {
                    stillFree.append(rank)
                }
            }
            let matched = Set(pairs.map(\.old))
            oldFree.removeAll { matched.contains($0) }
            newFree = stillFree
        }
        pairUp(by: Content.init)
        pairUp(by: \.guardLabel)
        for (oldRank, newRank) in zip(oldFree, newFree) { pairs.append((oldRank, newRank)) }
        return pairs
    }

    /// Which of `pairs` changed priority: those whose order against some other pair differs
    /// between the versions.
    /// - Complexity: O(n log n): a pair is out of order when an earlier pair (by old rank)
    ///   comes later in the new version, or a later one earlier.
    static func reordered(_ pairs: [(old: Int, new: Int)]) -> Set<Int> {
        let sorted = pairs.sorted { $0.old < $1.old }
        var before = [Int](repeating: Int.min, count: sorted.count)
        var after = [Int](repeating: Int.max, count: sorted.count)
        for index in sorted.indices.dropFirst() { before[index] = max(before[index - 1], sorted[index - 1].new) }
        for index in sorted.indices.reversed().dropFirst() { after[index] = min(after[index + 1], sorted[index + 1].new) }
        return Set(sorted.indices.filter { before[$0] > sorted[$0].new || after[$0] < sorted[$0].new }.map { sorted[$0].old })
    }
}
