import FSMCore

/// Guards that test a state the machine does not have.
public struct UnknownStateInGuard: Rule {
    public static let description = RuleDescription(
        identifier: "unknown-state-in-guard",
        name: "Guard tests an unknown state",
        summary: """
            A guard's `In('state')` (SCXML, python-statemachine, and XState's `in` and `stateIn` \
            guards) names a state the machine does not have, so it is always false here and its \
            transition never fires: a typo, or a state of a document that includes this one, \
            which this file alone does not show.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running, Stopped]
                transitions:
                  - {from: Idle, event: start, to: Running, guard: "In('Stoped')"}
                  - {from: Running, event: stop, to: Stopped}
                """, flagged: ["Idle"], readAs: .scxml)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running, Stopped]
                transitions:
                  - {from: Idle, event: start, to: Running, guard: "In('Stopped')"}
                  - {from: Running, event: stop, to: Stopped}
                """, readAs: .scxml),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running]
                transitions:
                  - {from: Idle, event: start, to: Running, guard: "In('Nowhere')"}
                """),
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        guard context.guards.readsInState else { return [] }
        let names = context.machine.states.map(\.id.rawValue)
        return context.machine.transitions.flatMap { transition -> [Finding] in
            guard let label = transition.guardLabel else { return [] }
            return context.guards.formula(label).variables.compactMap { variable -> Finding? in
                guard case .inState(let name) = variable, context.machine.state(StateID(name)) == nil else { return nil }
                let hint = Suggestion.hint(for: name, among: names)
                return finding(
                    "guard In('\(name)') of '\(transition.source)' names no state of this machine, so it is always false here"
                        + (hint.isEmpty ? " (unless a document that includes this one declares it)" : hint),
                    states: [transition.source], events: transition.event.map { [$0] } ?? [],
                    witness: .transitions([TransitionReference(transition)]), location: transition.location)
            }
        }
    }
}
