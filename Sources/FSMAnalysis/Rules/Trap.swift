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
        ], absence: .waysOut)

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        guard !context.finalStates.isEmpty else { return [] }
        let (components, successors) = (context.components, context.successors)
        let (reachable, distance) = (context.reachable, context.distance)
        var findings: [Finding] = []
        for (number, component) in components.enumerated() {
            // The reachable member a shortest run enters first (the earliest of equals).
            var entry = -1
            for member in component where reachable[member] && (entry < 0 || distance[member] < distance[entry]) {
                entry = member
            }
            guard entry >= 0, !component.contains(where: context.isFinal),
                component.contains(where: { !successors.isEmpty(row: $0) }),
                component.allSatisfy({ successors[$0].allSatisfy { components.component(of: $0) == number } })
            else { continue }
            let ids = component.map(context.id(of:))
            let names = ids.map { "'\($0)'" }.joined(separator: ", ")
            let message =
                ids.count == 1
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
