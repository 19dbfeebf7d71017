import FSMCore

/// Several transitions from one state on one event that lead to different places.
public struct NondeterministicTrigger: Rule {
    public static let description = RuleDescription(
        identifier: "nondeterministic-trigger",
        name: "Nondeterministic trigger",
        summary: """
            When two transitions leave the same state on the same event for different targets \
            and neither is guarded, which one fires is undefined (an error). When guards are not \
            provably exclusive (read as formulas: `x` and `!x`, `a && b` and `not a`, \
            comparisons of the same terms such as `x > y` and `x < y`, `n == 1` and `n == 2`, \
            `x === null` and `x`, or `else`), two may hold at once (a warning: confirm they \
            exclude each other). A single \
            transition with several targets, where the handler chooses one at run time \
            (EFStateMachine's `toStates`), is deliberate. Transitions of different states never \
            compete: a child's wins over its ancestor's, and different regions of a parallel \
            state both fire. It applies to machine files and to sismic, which raises a \
            nondeterminism error (so there an unguarded transition conflicts with a guarded one \
            too, within one priority); in SCXML, XState and python-statemachine the first enabled transition in \
            document order wins, which `shadowed-transition` reports.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running, Stuck]
                transitions:
                  - {from: Idle, event: start, to: Running}
                  - {from: Idle, event: start, to: Stuck}
                """, flagged: ["Idle"]),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Fast, Slow]
                transitions:
                  - {from: Idle, event: go, to: Fast, guard: battery high}
                  - {from: Idle, event: go, to: Slow, guard: on mains}
                """, flagged: ["Idle"]),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Normal, Turbo]
                transitions:
                  - {from: Idle, event: go, to: Normal}
                  - {from: Idle, event: go, to: Turbo, guard: boost enabled}
                """, flagged: ["Idle"], readAs: .sismic),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Loading
                states: [Loading, Complete, Failed]
                transitions:
                  - {from: Loading, event: finish, to: [Complete, Failed]}
                """),
            RuleExample(
                """
                initial: Work
                states: [Work, Done, Failed]
                transitions:
                  - {from: Work, to: Done, guard: result}
                  - {from: Work, to: Failed, guard: "!result"}
                """),
            RuleExample(
                """
                initial: Waiting
                states: [Waiting, GoingUp, GoingDown]
                transitions:
                  - {from: Waiting, event: call, to: GoingUp, guard: destination > current}
                  - {from: Waiting, event: call, to: GoingDown, guard: destination < current and destination >= 0}
                """),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running, Stuck]
                transitions:
                  - {from: Idle, event: start, to: Running}
                  - {from: Idle, event: start, to: Stuck}
                """, readAs: .xstate),
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running]
                transitions:
                  - {from: Idle, event: start, to: Running}
                  - {from: Running, event: start, to: Running}
                """),
            RuleExample(
                """
                initial: Player
                states:
                  - {id: Player, parallel: true}
                  - {id: Sound, parent: Player, initial: Loud}
                  - {id: Loud, parent: Sound}
                  - {id: Muted, parent: Sound}
                  - {id: Track, parent: Player, initial: Playing}
                  - {id: Playing, parent: Track}
                  - {id: Paused, parent: Track}
                  - Stopped
                transitions:
                  - {from: Loud, event: pause, to: Muted}
                  - {from: Playing, event: pause, to: Paused}
                  - {from: Paused, event: stop, to: Playing}
                  - {from: Player, event: stop, to: Stopped}
                """),
        ])

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        // Where document order decides, nothing is undefined: shadowed-transition reports.
        guard !context.semantics.source.isDocumentOrdered else { return [] }
        var findings: [Finding] = []
        for group in context.transitionGroups.flatMap({ byPriority($0, context) }) {
            let transitions = group.transitions.map { context.machine.transitions[$0] }
            let unguarded = transitions.filter { $0.guardLabel == nil }
            if let conflict = firstConflict(unguarded) {
                findings.append(report(conflict, state: group.state, severity: .error, context: context))
            } else if unguarded.isEmpty || isSismic(context) && transitions.count <= NeverFiring.pairwiseLimit,
                let conflict = transitions.count <= NeverFiring.pairwiseLimit
                    ? firstReadConflict(transitions, context) : firstGuardedConflict(transitions)
            {
                findings.append(report(conflict, state: group.state, severity: .warning, context: context))
            }
        }
        return findings
    }

    /// The first two transitions with different targets (whose guards, if asked, are not
    /// provably exclusive).
    /// The first pair of transitions whose targets differ, in declaration order (by the
    /// earlier one, then the later): a linear scan, where comparing every pair would be
    /// quadratic in a state's transitions on one event (thousands of duplicates, say).
    private func firstConflict(_ transitions: [Transition]) -> (Transition, Transition)? {
        // The first transition and the first whose targets differ from its: when none
        // differs, all targets are equal and no pair conflicts.
        guard let first = transitions.first else { return nil }
        return transitions.dropFirst().first { $0.targets != first.targets }.map { (first, $0) }
    }

    /// The first pair of guarded transitions whose targets differ and whose guards are not
    /// provably exclusive, in the same order as ``firstConflict(_:)``.
    ///
    /// Two such transitions conflict unless their targets are equal, or one guard is the
    /// other's negation, or either is `else`. So, with targets and guard texts numbered, the
    /// earliest transition conflicting with a later one is the earliest whose targets, guard
    /// and negated guard all differ from three values the later one gives, which
    /// ``EarliestAvoiding`` answers in constant time. The first pair has the smallest earlier
    /// transition, then the smallest later one.
    /// - Complexity: O(transitions), hashing each guard and target list once.
    private func firstGuardedConflict(_ transitions: [Transition]) -> (Transition, Transition)? {
        var numbers: [String: Int] = [:]
        var targetNumbers: [[StateID]: Int] = [:]
        func number(_ text: String) -> Int {
            if let known = numbers[text] { return known }
            numbers[text] = numbers.count
            return numbers.count - 1
        }
        var earlier = EarliestAvoiding()
        var found: (earlier: Int, later: Int)?
        for (position, transition) in transitions.enumerated() {
            let form = GuardLogic.Form(transition.guardLabel ?? "")
            guard !form.isElse else { continue }
            let targets = targetNumbers[transition.targets] ?? targetNumbers.count
            targetNumbers[transition.targets] = targets
            let text = number(form.text)
            let negated = form.negated.map(number) ?? -1
            // An earlier transition conflicts unless it has these targets, is guarded by what
            // this guard negates, or negates this guard.
            if let conflict = earlier.earliest(avoiding: SIMD3(targets, negated, text)), conflict < found?.earlier ?? .max {
                found = (conflict, position)
            }
            earlier.append(SIMD3(targets, text, negated), at: position)
        }
        return found.map { (transitions[$0.earlier], transitions[$0.later]) }
    }

    /// ``firstGuardedConflict(_:)`` for groups small enough to compare every pair, with the
    /// guards read as formulas (`a && b` excludes `!a`); the same pair when the guards are plain.
    private func firstReadConflict(_ transitions: [Transition], _ context: AnalysisContext) -> (Transition, Transition)? {
        let formulas = transitions.map { context.guards.formula($0.guardLabel) }
        let isElse = transitions.map { GuardLogic.Form($0.guardLabel ?? "").isElse }
        for earlier in transitions.indices where !isElse[earlier] {
            for later in (earlier + 1)..<transitions.count
            where !isElse[later] && transitions[earlier].targets != transitions[later].targets
                && GuardLogic.canHoldTogether([formulas[earlier], formulas[later]], in: context.machine)
            {
                return (transitions[earlier], transitions[later])
            }
        }
        return nil
    }

    /// `group` split by sismic's transition priorities, highest first: only transitions of
    /// one priority compete, and sismic considers a lower priority only when no transition of a
    /// higher one is enabled, so none below an unguarded transition's.
    private func byPriority(_ group: TransitionGroups.Group, _ context: AnalysisContext) -> [TransitionGroups.Group] {
        let priorities = context.semantics.priorities
        guard !priorities.isEmpty else { return [group] }
        let classes = Dictionary(grouping: group.transitions) { priorities[$0] ?? 0 }
        var competing: [TransitionGroups.Group] = []
        for priority in classes.keys.sorted(by: >) {
            let transitions = classes[priority] ?? []
            competing.append(TransitionGroups.Group(state: group.state, transitions: transitions[...]))
            if transitions.contains(where: { context.machine.transitions[$0].guardLabel == nil }) { break }
        }
        return competing
    }

    /// sismic tries no order: an unguarded transition conflicts with a guarded one too.
    private func isSismic(_ context: AnalysisContext) -> Bool { context.semantics.source == .sismic }

    private func report(
        _ conflict: (Transition, Transition), state: Int, severity: Severity, context: AnalysisContext
    ) -> Finding {
        let (first, second) = conflict
        let id = context.id(of: state)
        let transitions = first.event.map { "transitions on event '\($0)'" } ?? "automatic transitions"
        let targets = [first, second].map {
            $0.isTargetless ? "no target (staying put)" : "'\($0.targets.map(\.rawValue).joined(separator: "' | '"))'"
        }
        let message: String
        switch (severity == .error, isSismic(context)) {
        case (true, false):
            message = "state '\(id)' has unguarded \(transitions) to \(targets[0]) and \(targets[1]); which one fires is undefined"
        case (false, false):
            message = "state '\(id)' has \(transitions) to \(targets[0]) and \(targets[1]) whose guards may both hold; confirm they exclude each other"
        case (true, true):
            message =
                "state '\(id)' has unguarded \(transitions) to \(targets[0]) and \(targets[1]); sismic refuses to choose and raises a nondeterminism error"
        case (false, true):
            message =
                "state '\(id)' has \(transitions) to \(targets[0]) and \(targets[1]) that may be enabled together; when they are, sismic raises a nondeterminism error"
        }
        return finding(
            message, severity: severity, states: [id], events: first.event.map { [$0] } ?? [],
            witness: .transitions([TransitionReference(first), TransitionReference(second)]),
            location: second.location)
    }
}
