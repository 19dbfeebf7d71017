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
        // Event numbers stand for identifiers one to one, so no identifier is hashed.
        var used = [Bool](repeating: false, count: context.machine.events.count)
        for event in context.index.events where event >= 0 { used[event] = true }
        return used.indices.compactMap { number in
            // Events declared in code (FSMRuntime's machines) have no location, and are
            // reported all the same.
            guard !used[number] else { return nil }
            let event = context.machine.events[number]
            return finding(
                "event '\(event.id)' is declared but no transition is triggered by it",
                events: [event.id], location: event.location)
        }
    }
}
