public import FSMCore

extension MachineDiff {
    /// `machine` with these changes made: for the old version the diff was made from, the new
    /// version, up to what the diff does not compare (source positions, the order of
    /// transitions of different groups, the order of states and events).
    ///
    /// Kept elements stay where they were; added states, events and groups of transitions
    /// follow them.
    /// - Throws: The ``/FSMCore/MachineError`` of a result that is not a valid machine, which happens
    ///   only when the diff was made from another machine.
    public func applied(to machine: Machine) throws(MachineError) -> Machine {
        let stateChanges = Dictionary(states.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var states = machine.states.compactMap { state in stateChanges[state.id].map(\.new) ?? state }
        states += self.states.filter { $0.kind == .added }.compactMap(\.new)

        let eventChanges = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var events = machine.events.compactMap { event in eventChanges[event.id].map(\.new) ?? event }
        events += self.events.filter { $0.kind == .added }.compactMap(\.new)

        let groups = TriggerGroups(machine)
        var changesByGroup: [TriggerGroups.Key: [TransitionChange]] = [:]
        var newKeys: [TriggerGroups.Key] = []
        for change in transitions {
            let key = TriggerGroups.Key(source: change.source, event: change.event)
            if groups.members[key] == nil, changesByGroup[key] == nil { newKeys.append(key) }
            changesByGroup[key, default: []].append(change)
        }
        var transitions: [Transition] = []
        for key in groups.keys + newKeys {
            let changes = changesByGroup[key] ?? []
            let replaced = Set(changes.compactMap(\.oldRank))
            var group = (groups.members[key] ?? []).enumerated().filter { !replaced.contains($0.offset) }
                .map { machine.transitions[$0.element] }
            // Unchanged transitions keep their order (a reordered one is a change), so each
            // changed or added one goes back at its new rank.
            for change in changes.filter({ $0.new != nil }).sorted(by: { ($0.newRank ?? 0) < ($1.newRank ?? 0) }) {
                guard let transition = change.new else { continue }
                group.insert(transition, at: min(max(change.newRank ?? group.count, 0), group.count))
            }
            transitions += group
        }
        return try Machine(
            name: machine.name, summary: machine.summary, states: states, events: events, transitions: transitions,
            // A suppression for a state the changes removed would no longer name a state.
            suppressions: machine.suppressions.filter { suppression in
                suppression.state.map { stateChanges[$0]?.kind != .removed } ?? true
            })
    }
}
