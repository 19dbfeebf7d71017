import FSMCore

/// Machines that declare final states none of which can be reached.
public struct NoFinalReachable: Rule {
    public static let description = RuleDescription(
        identifier: "no-final-reachable",
        name: "No final state reachable",
        summary: """
            A machine that declares final states promises that runs can finish. If no final \
            state is reachable from the initial state, no run ever does: a transition into the \
            final states is missing or leaves from the wrong place.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Busy, {id: Done, final: true}]
                transitions:
                  - {from: Idle, event: start, to: Busy}
                  - {from: Busy, event: stop, to: Idle}
                """, flagged: ["Done"])
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
                initial: Idle
                states: [Idle, Busy]
                transitions:
                  - {from: Idle, event: start, to: Busy}
                  - {from: Busy, event: stop, to: Idle}
                """),
        ], absence: .waysOut)

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        let finals = context.finalStates
        guard let first = finals.first else { return [] }
        let reachable = context.reachable
        // A final state reachable only through an event nothing raises: impossible-event says so.
        let folded = context.unraisedConsequences
        guard !finals.contains(where: { reachable[$0] || folded[$0] != nil }) else { return [] }
        let ids = finals.map(context.id(of:))
        let names = ids.map { "'\($0)'" }.joined(separator: ", ")
        return [
            finding(
                "no final state (\(names)) can be reached from the initial state '\(context.machine.initialState)'",
                states: ids, location: context.machine.states[first].location)
        ]
    }
}
