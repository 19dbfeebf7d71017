import FSMCore

/// Declared events that no transition uses.
public struct UnusedEvent: Rule {
    public static let description = RuleDescription(
        identifier: "unused-event",
        name: "Unused event",
        summary: """
            An event listed in the machine's `events` that no transition is triggered by is \
            either left over from a removed transition or a transition that was never written. \
            Sending it does nothing in any state.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Busy]
                events: [start, cancel]
                transitions:
                  - {from: Idle, event: start, to: Busy}
                  - {from: Busy, event: start, to: Idle}
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Busy]
                events: [start, cancel]
                transitions:
                  - {from: Idle, event: start, to: Busy}
                  - {from: Busy, event: cancel, to: Idle}
                """)
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        let used = Set(context.machine.transitions.compactMap(\.event))
        return context.machine.events.compactMap { event in
            guard let location = event.location, !used.contains(event.id) else { return nil }
            return finding(
                "event '\(event.id)' is declared but no transition is triggered by it",
                events: [event.id], location: location)
        }
    }
}
