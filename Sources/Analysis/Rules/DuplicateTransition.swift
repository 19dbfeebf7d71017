import FSMCore

/// The same transition declared twice.
public struct DuplicateTransition: Rule {
    public static let description = RuleDescription(
        identifier: "duplicate-transition",
        name: "Duplicate transition",
        summary: """
            Two declarations with the same source, event, guard and targets describe one \
            transition twice. The copy is noise at best; at worst the two were meant to differ \
            (another target or guard) and one was edited by mistake.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Busy]
                transitions:
                  - {from: Idle, event: start, to: Busy}
                  - {from: Busy, event: stop, to: Idle}
                  - {from: Idle, event: start, to: Busy}
                """, flagged: ["Idle"])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Busy]
                transitions:
                  - {from: Idle, event: start, to: Busy, guard: ready}
                  - {from: Idle, event: start, to: Busy, guard: forced}
                  - {from: Busy, event: stop, to: Idle}
                """)
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        struct Key: Hashable {
            var source: StateID
            var event: EventID?
            var guardLabel: String?
            var targets: [StateID]
        }
        var first: [Key: Transition] = [:]
        var findings: [Finding] = []
        for transition in context.machine.transitions {
            let key = Key(source: transition.source, event: transition.event, guardLabel: transition.guardLabel, targets: transition.targets)
            guard let original = first[key] else {
                first[key] = transition
                continue
            }
            findings.append(
                finding(
                    "transition \(TransitionReference(transition).text) duplicates an earlier one",
                    states: [transition.source], events: transition.event.map { [$0] } ?? [],
                    witness: .transitions([TransitionReference(original), TransitionReference(transition)]),
                    location: transition.location))
        }
        return findings
    }
}
