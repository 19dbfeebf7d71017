import FSMCore

/// Guarded transitions that an earlier unguarded one always beats.
public struct ShadowedTransition: Rule {
    public static let description = RuleDescription(
        identifier: "shadowed-transition",
        name: "Shadowed transition",
        summary: """
            Transitions are tried in declaration order. An unguarded transition listed before a \
            guarded one for the same state and event always fires first, so the guarded one can \
            never fire. Put the guarded transition first, or guard the earlier one.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Normal, Turbo]
                transitions:
                  - {from: Idle, event: go, to: Normal}
                  - {from: Idle, event: go, to: Turbo, guard: boost enabled}
                """, flagged: ["Idle"])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Normal, Turbo]
                transitions:
                  - {from: Idle, event: go, to: Turbo, guard: boost enabled}
                  - {from: Idle, event: go, to: Normal}
                """)
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        var findings: [Finding] = []
        for group in context.transitionGroups {
            let transitions = group.transitions.map { context.machine.transitions[$0] }
            guard let firstUnguarded = transitions.firstIndex(where: { $0.guardLabel == nil }) else { continue }
            for shadowed in transitions[(firstUnguarded + 1)...] where shadowed.guardLabel != nil {
                let winner = transitions[firstUnguarded]
                findings.append(
                    finding(
                        "transition \(TransitionReference(shadowed).text) can never fire: the unguarded \(TransitionReference(winner).text) comes first",
                        states: [shadowed.source], events: shadowed.event.map { [$0] } ?? [],
                        witness: .transitions([TransitionReference(winner), TransitionReference(shadowed)]),
                        location: shadowed.location))
            }
        }
        return findings
    }
}
