import FSMCore

/// States no run from the initial state can ever make active.
public struct UnreachableState: Rule {
    public static let description = RuleDescription(
        identifier: "unreachable-state",
        name: "Unreachable state",
        summary: """
            A state that no sequence of events can reach from the initial state is dead code: \
            its handlers never run, and it usually means a transition into it was forgotten or \
            points at the wrong state. Hierarchy counts: entering a compound state enters its \
            initial child and entering a parallel state enters every region, so those are \
            reachable; other children need a transition of their own, or a shallow history \
            state that re-enters them.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running, Archived]
                transitions:
                  - {from: Idle, event: start, to: Running}
                  - {from: Archived, event: restore, to: Idle}
                """, flagged: ["Archived"]),
            RuleExample(
                """
                initial: Auth
                states:
                  - {id: Auth, initial: SignedOut}
                  - {id: SignedOut, parent: Auth}
                  - {id: SignedIn, parent: Auth}
                transitions: []
                """, flagged: ["SignedIn"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running]
                transitions:
                  - {from: Idle, event: start, to: Running}
                  - {from: Running, event: stop, to: Idle}
                """),
            RuleExample(
                """
                initial: Auth
                states:
                  - {id: Auth, initial: SignedOut}
                  - {id: SignedOut, parent: Auth}
                  - {id: SignedIn, parent: Auth}
                transitions:
                  - {from: SignedOut, event: signIn, to: SignedIn}
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
                transitions:
                  - {from: Player, event: reset, to: Player}
                """),
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        let initial = context.machine.initialState
        let reachable = context.reachable
        return reachable.indices.filter { !reachable[$0] }.map { state in
            let id = context.id(of: state)
            return finding(
                "state '\(id)' cannot be reached from the initial state '\(initial)'",
                states: [id], location: context.machine.states[state].location)
        }
    }
}
