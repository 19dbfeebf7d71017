public import FSMCore

extension MachineDiff {
    /// One of the two versions a diff compares.
    public enum Version: Hashable, Sendable {
        /// The version the diff starts from.
        case old
        /// The version the diff leads to.
        case new
    }

    /// The number (position in `machine.transitions`) of each transition change's transition
    /// in `machine`, which must be the `version` the diff was made from; `nil` for a change
    /// that version lacks (an added transition in the old version, a removed one in the new).
    public func transitionNumbers(in machine: Machine, version: Version) -> [Int?] {
        let groups = TriggerGroups(machine)
        return transitions.map { change in
            guard let rank = version == .old ? change.oldRank : change.newRank,
                let members = groups.members[TriggerGroups.Key(source: change.source, event: change.event)],
                members.indices.contains(rank)
            else { return nil }
            return members[rank]
        }
    }
}
