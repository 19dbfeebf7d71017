import FSMCore

extension Machine {
    /// This machine with display labels, a name and a description added.
    ///
    /// The runtime names states and events by their descriptions and has no labels; the
    /// styles know the labels their definitions give (`StateBuilder(.notSynced, label: "Not
    /// Synced")`, a diagram's cluster titles) and put them back here, so diagrams read as the
    /// machine files do.
    func labeled(
        name: String?, summary: String?, states stateLabels: [StateID: String], events eventLabels: [EventID: String]
    ) throws(MachineError) -> Machine {
        try Machine(
            name: name ?? self.name, summary: summary ?? self.summary,
            states: states.map { state in
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
