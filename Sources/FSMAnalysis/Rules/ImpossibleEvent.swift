import FSMCore

/// Transitions waiting for an event the interpreter can never raise.
public struct ImpossibleEvent: Rule {
    public static let description = RuleDescription(
        identifier: "impossible-event",
        name: "Impossible event",
        summary: """
            SCXML and XState interpreters raise some events themselves: `done.state.X` when the \
            compound state `X` enters a final child (a parallel state when all its regions are \
            done; XState's `onDone`), `done.invoke.X` and `error.invoke.X` when the invocation \
            `X` finishes or fails (XState's `onDone` and `onError` of an invocation). A transition \
            on such an event for a state that is atomic or has no final child, or (in SCXML) for \
            an invocation no state starts, waits forever: it can never fire, unless something \
            outside the machine (a test, another process) sends the event. The states reached \
            only through it are unreachable, and are named in its finding rather than reported \
            one by one. An event the machine raises itself is not reported; \
            nor, in XState, invocation events or names that match no state, which spawned actors \
            and nodes' own ids can produce. Machine files name events freely and are not checked.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample(
                """
                initial: Upload
                states:
                  - {id: Upload, initial: Sending}
                  - {id: Sending, parent: Upload}
                  - Done
                transitions:
                  - {from: Sending, event: sent, to: Sending}
                  - {from: Upload, event: done.state.Upload, to: Done}
                """, flagged: ["Upload+Done"], readAs: .scxml),
            RuleExample(
                """
                initial: Fetching
                states: [Fetching, Shown]
                transitions:
                  - {from: Fetching, event: done.invoke.fetchUser, to: Shown}
                """, flagged: ["Fetching+Shown"], readAs: .scxml),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Upload
                states:
                  - {id: Upload, initial: Sending}
                  - {id: Sending, parent: Upload}
                  - {id: Sent, parent: Upload, final: true}
                  - Done
                transitions:
                  - {from: Sending, event: sent, to: Sent}
                  - {from: Upload, event: done.state.Upload, to: Done}
                """, readAs: .scxml),
            RuleExample(
                """
                initial: Fetching
                states: [Fetching, Shown]
                transitions:
                  - {from: Fetching, event: done.invoke.fetchUser, to: Shown}
                """),
        ])

    public init() {}

    /// The states unreachable because of one such transition, named in its finding rather than
    /// each reported apart: one root cause, one finding.
    private static func consequences(_ states: [StateID]) -> String {
        guard let first = states.first else { return "" }
        let shown = states.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        let more = states.count > 5 ? " and \(states.count - 5) more" : ""
        return states.count == 1
            ? "; state '\(first)' is reachable only through it"
            : "; \(states.count) states are reachable only through it: \(shown)\(more)"
    }

    public func check(_ context: AnalysisContext) -> [Finding] {
        let reasons = context.neverFiring.reasons
        var consequences: [Int: [Int]] = [:]
        for (state, cause) in context.unraisedConsequences { consequences[cause, default: []].append(state) }
        return context.machine.transitions.indices.compactMap { number in
            guard case .eventNeverRaised(let reason) = reasons[number] else { return nil }
            let transition = context.machine.transitions[number]
            let event = transition.event?.rawValue ?? ""
            let lost = (consequences[number] ?? []).sorted().map(context.id(of:))
            return finding(
                "transition \(TransitionReference(transition).text) can never fire unless something outside the machine sends '\(event)': \(reason)"
                    + Self.consequences(lost),
                states: [transition.source] + lost, events: transition.event.map { [$0] } ?? [],
                location: transition.location)
        }
    }
}
