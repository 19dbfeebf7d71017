import FSMCore

/// Sets of states that, once entered, can never be left and hold no final state.
public struct Trap: Rule {
    public static let description = RuleDescription(
        identifier: "trap",
        name: "Trap",
        summary: """
            In a machine that declares final states, a group of states (a strongly connected \
            component, or a single state looping on itself) that no transition leaves and that \
            holds no final state means every run that enters it can never finish. The finding \
            lists the trapped states and a shortest path into them. A single state with no \
            outgoing transition at all is reported as a dead end instead.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Ping, Pong, {id: Done, final: true}]
                transitions:
                  - {from: Idle, event: start, to: Ping}
                  - {from: Idle, event: skip, to: Done}
                  - {from: Ping, event: hit, to: Pong}
                  - {from: Pong, event: hit, to: Ping}
                """, flagged: ["Ping+Pong"]),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Spin, {id: Done, final: true}]
                transitions:
                  - {from: Idle, event: start, to: Spin}
                  - {from: Idle, event: stop, to: Done}
                  - {from: Spin, event: tick, to: Spin}
                """, flagged: ["Spin"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Ping, Pong, {id: Done, final: true}]
                transitions:
                  - {from: Idle, event: start, to: Ping}
                  - {from: Ping, event: hit, to: Pong}
                  - {from: Pong, event: hit, to: Ping}
                  - {from: Pong, event: miss, to: Done}
                """),
            RuleExample(
                """
                initial: Ping
                states: [Ping, Pong]
                transitions:
                  - {from: Ping, event: hit, to: Pong}
                  - {from: Pong, event: hit, to: Ping}
                """),
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        guard context.machine.states.contains(where: { $0.kind == .final }) else { return [] }
        var findings: [Finding] = []
        for (number, component) in context.components.enumerated() {
            guard let entry = component.filter({ context.reachable[$0] }).min(by: { context.distance[$0] < context.distance[$1] }),
                !component.contains(where: context.isFinal)
            else { continue }
            let successors = component.flatMap { context.successors[$0] }
            guard !successors.isEmpty, successors.allSatisfy({ context.componentOf[$0] == number }) else { continue }
            let ids = component.map { context.stateIDs[$0] }
            let names = ids.map { "'\($0)'" }.joined(separator: ", ")
            let message = ids.count == 1
                ? "state \(names) is a trap: once entered, no transition leads out of it and it is not final"
                : "states \(names) form a trap: once entered, no transition leads out of them and none is final"
            findings.append(
                finding(
                    message, states: ids, witness: context.path(to: entry).map(Witness.path),
                    location: context.machine.states[entry].location))
        }
        return findings
    }
}
