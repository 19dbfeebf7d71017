import FSMCore

/// Machines compared without source positions, which differ between a file and its rewrite.
enum Unlocated {
    static func machine(_ machine: Machine) throws -> Machine {
        try Machine(
            name: machine.name, summary: machine.summary,
            states: machine.states.map {
                State(
                    $0.id, label: $0.label, kind: $0.kind, parent: $0.parent, isParallel: $0.isParallel,
                    pseudoState: $0.pseudoState, entryEffects: $0.entryEffects, exitEffects: $0.exitEffects)
            },
            events: machine.events.map { Event($0.id, label: $0.label) },
            transitions: machine.transitions.map {
                Transition(from: $0.source, on: $0.event, to: $0.targets, guard: $0.guardLabel, effects: $0.effects, kind: $0.kind)
            },
            suppressions: machine.suppressions.map { Suppression(ruleID: $0.ruleID, state: $0.state) })
    }
}
