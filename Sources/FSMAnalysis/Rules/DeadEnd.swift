import FSMCore

/// Non-final states that no transition leaves.
public struct DeadEnd: Rule {
    public static let description = RuleDescription(
        identifier: "dead-end",
        name: "Dead end",
        summary: """
            A state that is not final but has no outgoing transition (neither its own nor one \
            of an enclosing compound state's, nor one in another region of an enclosing \
            parallel state, which runs alongside it) stops the machine for good. If that is \
            intended, mark the state final; otherwise a transition out of it is missing.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Stuck]
                transitions:
                  - {from: Idle, event: start, to: Stuck}
                """, flagged: ["Stuck"]),
            RuleExample(
                """
                initial: Player
                states:
                  - {id: Player, parallel: true}
                  - {id: Sound, parent: Player, initial: Muted}
                  - {id: Muted, parent: Sound}
                  - {id: Track, parent: Player, initial: Playing}
                  - {id: Playing, parent: Track}
                transitions: []
                """, flagged: ["Muted", "Playing"]),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Waiting]
                transitions:
                  - {from: Idle, event: start, to: Waiting}
                  - {from: Waiting, event: tick, effects: count}   # targetless: stays put
                """, flagged: ["Waiting"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, {id: Done, final: true}]
                transitions:
                  - {from: Idle, event: finish, to: Done}
                """),
            RuleExample(
                """
                initial: Session
                states:
                  - {id: Session, initial: Active}
                  - {id: Active, parent: Session}
                  - {id: Closed, final: true}
                transitions:
                  - {from: Session, event: close, to: Closed}
                """),
            RuleExample(
                """
                initial: Player
                states:
                  - {id: Player, parallel: true}
                  - {id: Sound, parent: Player, initial: Muted}
                  - {id: Muted, parent: Sound}
                  - {id: Track, parent: Player, initial: Playing}
                  - {id: Playing, parent: Track}
                  - {id: Stopped, final: true}
                transitions:
                  - {from: Playing, event: stop, to: Stopped}
                """),
        ], absence: .waysOut)

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        let canMove = context.canMove
        return canMove.indices.compactMap { state in
            guard !canMove[state], !context.isFinal(state), !context.isCompound(state), !context.isPseudoState(state)
            else { return nil }
            let id = context.id(of: state)
            // Swift has no final marker: the code says so in a comment at the case, or the team
            // in its configuration.
            let silencing =
                context.semantics.source == .swift
                ? "; if it ends the machine by design, write `// fsmviz:disable:next dead-end` above its case, "
                    + "or list it under final-states in .fsmviz.yml" : ""
            return finding(
                "state '\(id)' is not final but no transition leaves it\(silencing)",
                states: [id], witness: context.path(to: state).map(Witness.path),
                location: context.machine.states[state].location)
        }
    }
}
