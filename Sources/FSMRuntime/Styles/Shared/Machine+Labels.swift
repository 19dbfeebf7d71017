import FSMCore

extension Machine {
    /// This machine with display labels, a name and a description added.
    ///
    /// The runtime names states and events by their descriptions and has no labels; the
    /// styles know the labels their definitions give (`StateBuilder(.notSynced, label: "Not
    /// Synced")`, a diagram's cluster titles) and put them back here, so diagrams read as the
    /// machine files do.
    ///
    /// - Parameter order: States to list first, in this order (the runtime lists its initial
    ///   state first, which for a nested initial state is not where a diagram declares it).
    func labeled(
        name: String?, summary: String?, states stateLabels: [StateID: String], events eventLabels: [EventID: String],
        order: [StateID] = []
    ) throws(MachineError) -> Machine {
        let position = Dictionary(order.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        let ordered = states.enumerated().sorted { lhs, rhs in
            (position[lhs.element.id] ?? order.count + lhs.offset) < (position[rhs.element.id] ?? order.count + rhs.offset)
        }.map(\.element)
        return try Machine(
            name: name ?? self.name, summary: summary ?? self.summary,
            states: ordered.map { state in
                var state = state
                state.label = stateLabels[state.id] ?? state.label
                return state
            },
            events: events.map { event in
                var event = event
                event.label = eventLabels[event.id] ?? event.label
                return event
            },
            transitions: transitions, suppressions: suppressions)
    }
}
