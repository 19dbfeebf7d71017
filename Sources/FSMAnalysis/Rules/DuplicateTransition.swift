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
        var findings: [Finding] = []
        let transitions = context.machine.transitions
        let index = context.index
        func same(_ lhs: Int, _ rhs: Int) -> Bool {
            index.events[lhs] == index.events[rhs] && transitions[lhs].guardLabel == transitions[rhs].guardLabel
                && index.targets(of: lhs).elementsEqual(index.targets(of: rhs))
        }
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            if index.events[lhs] != index.events[rhs] { return index.events[lhs] < index.events[rhs] }
            let (left, right) = (transitions[lhs].guardLabel, transitions[rhs].guardLabel)
            if left != right { return (left ?? "") < (right ?? "") || (left == nil && right != nil) }
            let (leftTargets, rightTargets) = (index.targets(of: lhs), index.targets(of: rhs))
            if !leftTargets.elementsEqual(rightTargets) { return leftTargets.lexicographicallyPrecedes(rightTargets) }
            return lhs < rhs
        }
        // Duplicates share a source and an event, so only states that use an event twice can
        // hold any; each such state's few transitions are sorted on their own, and equal
        // declarations end up side by side, earliest first.
        var previousState = -1
        for group in context.transitionGroups where group.state != previousState {
            previousState = group.state
            let sorted = index.outgoing(from: group.state).sorted(by: precedes)
            var original = sorted[0]
            for duplicate in sorted.dropFirst() {
                guard same(original, duplicate) else {
                    original = duplicate
                    continue
                }
                let transition = transitions[duplicate]
                findings.append(
                    finding(
                        "transition \(TransitionReference(transition).text) duplicates an earlier one",
                        states: [transition.source], events: transition.event.map { [$0] } ?? [],
                        witness: .transitions([TransitionReference(transitions[original]), TransitionReference(transition)]),
                        location: transition.location))
            }
        }
        return findings
    }
}
