import FSMCore

/// Transitions out of states that can never be reached.
public struct UnreachableTransition: Rule {
    public static let description = RuleDescription(
        identifier: "unreachable-transition",
        name: "Unreachable transition",
        summary: """
            A transition whose source state is unreachable can never fire. It is reported for \
            information, next to the `unreachable-state` finding that explains it, so that each \
            affected declaration is marked.
            """,
        defaultSeverity: .info,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Archived]
                transitions:
                  - {from: Archived, event: restore, to: Idle}
                """, flagged: ["Archived"])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Busy]
                transitions:
                  - {from: Idle, event: start, to: Busy}
                  - {from: Busy, event: stop, to: Idle}
                """)
        ], absence: .waysIn)

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        let (reachable, sources) = (context.reachable, context.index.sources)
        let folded = context.unraisedConsequences
        return sources.indices.compactMap { number in
            guard !reachable[sources[number]], folded[sources[number]] == nil else { return nil }
            let transition = context.machine.transitions[number]
            return finding(
                "transition \(TransitionReference(transition).text) can never fire: '\(transition.source)' is unreachable",
                states: [transition.source], events: transition.event.map { [$0] } ?? [],
                location: transition.location)
        }
    }
}
