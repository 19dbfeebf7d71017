import FSMCore

/// Transitions that an earlier one of the same state and event beats.
public struct ShadowedTransition: Rule {
    public static let description = RuleDescription(
        identifier: "shadowed-transition",
        name: "Shadowed transition",
        summary: """
            Transitions are tried in declaration order. An unguarded transition listed before a \
            guarded one for the same state and event always fires first, so the guarded one can \
            never fire. Put the guarded transition first, or guard the earlier one. In SCXML, \
            XState and python-statemachine, where the first enabled transition in document order \
            wins, any later \
            transition is reported that can never fire because an earlier one is enabled whenever \
            it is (an unguarded one, or guards that imply each other, such as `x` before \
            `x && y`), and, for information, the first later guarded transition whose guard may \
            hold together with an earlier one's: it fires only while the earlier guard is false. \
            sismic tries no order, but considers a lower priority only when no transition of a \
            higher one is enabled: a transition below an unguarded one of higher priority is \
            reported.
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
                """, flagged: ["Idle"]),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running, Stuck]
                transitions:
                  - {from: Idle, event: start, to: Running}
                  - {from: Idle, event: start, to: Stuck}
                """, flagged: ["Idle"], readAs: .scxml),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Fast, Slow]
                transitions:
                  - {from: Idle, event: go, to: Fast, guard: ready}
                  - {from: Idle, event: go, to: Slow, guard: ready && !charging}
                """, flagged: ["Idle"], readAs: .xstate),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Normal, Turbo]
                transitions:
                  - {from: Idle, event: go, to: Turbo, guard: boost enabled}
                  - {from: Idle, event: go, to: Normal}
                """),
            RuleExample(
                """
                initial: Player
                states:
                  - {id: Player, parallel: true}
                  - {id: Control, parent: Player, initial: Watching}
                  - {id: Watching, parent: Control}
                  - {id: Left, parent: Control}
                  - {id: Right, parent: Control}
                  - {id: Power, parent: Player, initial: "Off"}
                  - {id: "Off", parent: Power}
                  - {id: "On", parent: Power}
                transitions:
                  - {from: Watching, event: go, to: Left, guard: "In('On')"}
                  - {from: Watching, event: go, to: Right, guard: "In('Off')"}
                  - {from: Left, event: back, to: Watching}
                  - {from: Right, event: back, to: Watching}
                  - {from: "Off", event: flip, to: "On"}
                  - {from: "On", event: flip, to: "Off"}
                """, readAs: .scxml),
            RuleExample(
                """
                initial: Loading
                states: [Loading, Loaded, Failed]
                transitions:
                  - {from: Loading, event: finish, to: Loaded, guard: "case .success(let items) = result"}
                  - {from: Loading, event: finish, to: Failed, guard: "case let .failure(error) = result"}
                """),
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        switch context.semantics.source {
        // sismic tries no order: two enabled transitions of one priority are
        // nondeterministic-trigger's.
        case .sismic: priorityFindings(context)
        case let source where source.isDocumentOrdered: documentOrderFindings(context)
        default: declarationOrderFindings(context)
        }
    }

    /// sismic: every transition below an unguarded one of higher priority.
    private func priorityFindings(_ context: AnalysisContext) -> [Finding] {
        let transitions = context.machine.transitions
        let priorities = context.semantics.priorities
        return context.neverFiring.reasons.keys.sorted().compactMap { number in
            guard case .outranked(let winnerNumber) = context.neverFiring.reasons[number] else { return nil }
            let winner = transitions[winnerNumber]
            let ranks = "priority \(priorities[winnerNumber] ?? 0) against \(priorities[number] ?? 0)"
            return report(
                transitions[number], winner: winner,
                "can never fire: the unguarded \(TransitionReference(winner).text) has the higher priority (\(ranks))")
        }
    }

    /// Machine files: a guarded transition after an unguarded one.
    private func declarationOrderFindings(_ context: AnalysisContext) -> [Finding] {
        var findings: [Finding] = []
        for group in context.transitionGroups {
            let transitions = group.transitions.map { context.machine.transitions[$0] }
            guard let firstUnguarded = transitions.firstIndex(where: { $0.guardLabel == nil }) else { continue }
            for shadowed in transitions[(firstUnguarded + 1)...] where shadowed.guardLabel != nil {
                let winner = transitions[firstUnguarded]
                findings.append(
                    report(
                        shadowed, winner: winner,
                        "can never fire: the unguarded \(TransitionReference(winner).text) comes first"))
            }
        }
        return findings
    }

    /// SCXML and XState: every transition that never fires, then the first partial overlap of
    /// each group.
    private func documentOrderFindings(_ context: AnalysisContext) -> [Finding] {
        let transitions = context.machine.transitions
        let reasons = context.neverFiring.reasons
        var findings: [Finding] = []
        for group in context.transitionGroups {
            var shadowedAny = false
            for number in group.transitions {
                guard case .shadowed(let winnerNumber) = reasons[number] else { continue }
                shadowedAny = true
                let winner = transitions[winnerNumber]
                let why =
                    winner.guardLabel == nil
                    ? "the unguarded \(TransitionReference(winner).text) comes first in document order"
                    : "\(TransitionReference(winner).text) comes first in document order and is enabled whenever it is"
                findings.append(report(transitions[number], winner: winner, "can never fire: " + why))
            }
            if !shadowedAny, let (winner, later) = firstOverlap(group.transitions, context) {
                findings.append(
                    report(
                        later, winner: winner,
                        "fires only while [\(winner.guardLabel ?? "")] is false: \(TransitionReference(winner).text) comes first in document order, and the guards may both hold",
                        severity: .info))
            }
        }
        return findings
    }

    /// The first later guarded transition whose guard may hold together with an earlier one's,
    /// to different targets, in groups small enough to compare pairwise.
    private func firstOverlap(_ group: ArraySlice<Int>, _ context: AnalysisContext) -> (Transition, Transition)? {
        guard group.count <= NeverFiring.pairwiseLimit else { return nil }
        let transitions = group.map { context.machine.transitions[$0] }
        let formulas = transitions.map { context.guards.formula($0.guardLabel) }
        // An unguarded later transition (or one guarded by `true`) is the deliberate "else": it
        // is meant to fire only when the earlier guards fail.
        // A Swift method's rows come in the order its body runs: only one written before can win.
        let inFileOrder = context.semantics.source == .swift
        for later in transitions.indices.dropFirst()
        where GuardLogic.canHoldTogether([.not(formulas[later])], in: context.machine) {
            for earlier in 0..<later
            where transitions[earlier].targets != transitions[later].targets
                && (!inFileOrder || NeverFiring.isWritten(transitions[earlier], before: transitions[later]))
                && GuardLogic.canHoldTogether([formulas[earlier], formulas[later]], in: context.machine)
            {
                return (transitions[earlier], transitions[later])
            }
        }
        return nil
    }

    private func report(_ shadowed: Transition, winner: Transition, _ why: String, severity: Severity? = nil) -> Finding {
        finding(
            "transition \(TransitionReference(shadowed).text) \(why)", severity: severity,
            states: [shadowed.source], events: shadowed.event.map { [$0] } ?? [],
            witness: .transitions([TransitionReference(winner), TransitionReference(shadowed)]),
            location: shadowed.location)
    }
}
