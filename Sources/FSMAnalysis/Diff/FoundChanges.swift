internal import FSMCore

/// The transition changes found group by group, with the number of the transition each is
/// listed by: its old number if it has one, else its new one.
struct FoundChanges {
    private var changes: [TransitionChange] = []
    private var oldNumbers: [Int] = []
    private var newNumbers: [Int] = []

    /// Removed and changed transitions in the old version's order, then added ones in the new
    /// version's. Only numbers are sorted: a change holds two transitions, costly to move.
    var inOrder: [TransitionChange] {
        let order = changes.indices.sorted { first, second in
            let left = (oldNumbers[first] < 0 ? 1 : 0, oldNumbers[first] < 0 ? newNumbers[first] : oldNumbers[first])
            let right = (oldNumbers[second] < 0 ? 1 : 0, oldNumbers[second] < 0 ? newNumbers[second] : oldNumbers[second])
            return left < right
        }
        return order.map { changes[$0] }
    }

    private mutating func append(_ change: TransitionChange, old: Int?, new: Int?) {
        changes.append(change)
        oldNumbers.append(old ?? -1)
        newNumbers.append(new ?? -1)
    }

    /// Adds the changes of one group, whose transitions are `oldNumbers` of `old` and
    /// `newNumbers` of `new`.
    mutating func compare(
        _ key: TriggerGroups.Key, _ old: Machine, _ oldNumbers: [Int], _ new: Machine, _ newNumbers: [Int]
    ) {
        let oldMembers = oldNumbers.map { old.transitions[$0] }
        let newMembers = newNumbers.map { new.transitions[$0] }
        let pairs = TriggerGroups.match(oldMembers, newMembers)
        let reordered = TriggerGroups.reordered(pairs)
        var matchedOld = Set<Int>()
        var matchedNew = Set<Int>()
        for pair in pairs {
            matchedOld.insert(pair.old)
            matchedNew.insert(pair.new)
            var aspects = TransitionChange.aspects(oldMembers[pair.old], newMembers[pair.new])
            if reordered.contains(pair.old) { aspects.append(.priority) }
            guard !aspects.isEmpty else { continue }
            append(
                TransitionChange(
                    source: key.source, event: key.event, old: oldMembers[pair.old], oldRank: pair.old,
                    new: newMembers[pair.new], newRank: pair.new, aspects: aspects),
                old: oldNumbers[pair.old], new: newNumbers[pair.new])
        }
        for rank in oldMembers.indices where !matchedOld.contains(rank) {
            append(
                TransitionChange(source: key.source, event: key.event, old: oldMembers[rank], oldRank: rank, new: nil, newRank: nil),
                old: oldNumbers[rank], new: nil)
        }
        for rank in newMembers.indices where !matchedNew.contains(rank) {
            append(
                TransitionChange(source: key.source, event: key.event, old: nil, oldRank: nil, new: newMembers[rank], newRank: rank),
                old: nil, new: newNumbers[rank])
        }
    }
}
