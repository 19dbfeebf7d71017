import FSMCore

/// Final states that transitions leave.
public struct FinalHasOutgoing: Rule {
    public static let description = RuleDescription(
        identifier: "final-has-outgoing",
        name: "Final state with outgoing transitions",
        summary: """
            A final state means the machine (or its compound parent) is done. Transitions out \
            of it contradict that: either the state is not really final, or the transitions \
            belong to another state.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, {id: Done, final: true}]
                transitions:
                  - {from: Idle, event: finish, to: Done}
                  - {from: Done, event: restart, to: Idle}
                """, flagged: ["Done"])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, {id: Done, final: true}]
                transitions:
                  - {from: Idle, event: finish, to: Done}
                """)
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        context.finalStates.compactMap { state in
            guard !context.index.outgoing(from: state).isEmpty else { return nil }
            let transitions = context.index.outgoing(from: state).map { context.machine.transitions[$0] }
            let id = context.id(of: state)
            return finding(
                "final state '\(id)' has \(transitions.count) outgoing transition\(transitions.count == 1 ? "" : "s")",
                states: [id], events: transitions.compactMap(\.event),
                witness: .transitions(transitions.map(TransitionReference.init)),
                location: context.machine.states[state].location)
        }
    }
}
