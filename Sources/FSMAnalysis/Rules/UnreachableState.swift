import FSMCore

/// States no run from the initial state can ever make active.
public struct UnreachableState: Rule {
    public static let description = RuleDescription(
        identifier: "unreachable-state",
        name: "Unreachable state",
        summary: """
            A state that no sequence of events can reach from the initial state is dead code: \
            its handlers never run, and it usually means a transition into it was forgotten or \
            points at the wrong state. Hierarchy counts: entering a compound state enters its \
            initial child and entering a parallel state enters every region, so those are \
            reachable; other children need a transition of their own, or a shallow history \
            state that re-enters them. A transition that can never fire (see \
            `shadowed-transition` and `impossible-event`) reaches nothing, and the finding names \
            it. The history and initial pseudo-states of an unreachable state are part of its \
            finding.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running, Archived]
                transitions:
                  - {from: Idle, event: start, to: Running}
                  - {from: Archived, event: restore, to: Idle}
                """, flagged: ["Archived"]),
            RuleExample(
                """
                initial: Auth
                states:
                  - {id: Auth, initial: SignedOut}
                  - {id: SignedOut, parent: Auth}
                  - {id: SignedIn, parent: Auth}
                transitions: []
                """, flagged: ["SignedIn"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                initial: Idle
                states: [Idle, Running]
                transitions:
                  - {from: Idle, event: start, to: Running}
                  - {from: Running, event: stop, to: Idle}
                """),
            RuleExample(
                """
                initial: Auth
                states:
                  - {id: Auth, initial: SignedOut}
                  - {id: SignedOut, parent: Auth}
                  - {id: SignedIn, parent: Auth}
                transitions:
                  - {from: SignedOut, event: signIn, to: SignedIn}
                """),
            RuleExample(
                """
                initial: Player
                states:
                  - {id: Player, parallel: true}
                  - {id: Sound, parent: Player, initial: Muted}
                  - {id: Muted, parent: Sound}
                  - {id: Track, parent: Player, initial: Playing}
                  - {id: Playing, parent: Track}
                transitions:
                  - {from: Player, event: reset, to: Player}
                """),
        ], absence: .waysIn)

    public init() {}

    public func check(_ context: AnalysisContext) -> [Finding] {
        let initial = context.machine.initialState
        let reachable = context.reachable
        let parents = context.parents
        let ways = waysIn(context)
        var pseudoStates: [Int: [StateID]] = [:]
        for state in reachable.indices where !reachable[state] && context.isPseudoState(state) {
            let owner = parents[state]
            if owner >= 0, !reachable[owner] { pseudoStates[owner, default: []].append(context.id(of: state)) }
        }
        let folded = context.unraisedConsequences
        return reachable.indices.compactMap { state in
            // Unreachable only through an event nothing raises: impossible-event says so.
            guard !reachable[state], folded[state] == nil else { return nil }
            // A pseudo-state of an unreachable owner is unreachable for the owner's reason alone.
            if context.isPseudoState(state), parents[state] >= 0, !reachable[parents[state]] { return nil }
            let id = context.id(of: state)
            let inside = pseudoStates[state] ?? []
            let along = inside.isEmpty ? "" : " (nor, with it, \(inside.map { "'\($0)'" }.joined(separator: ", ")))"
            let why = ways[state].map { "; the transition into it, \($0), can never fire" } ?? ""
            return finding(
                "state '\(id)' cannot be reached from the initial state '\(initial)'\(along)\(why)",
                states: [id] + inside, location: context.machine.states[state].location)
        }
    }

    /// For states that a transition which can never fire targets: that transition, as the
    /// reason a run cannot get there.
    private func waysIn(_ context: AnalysisContext) -> [Int: String] {
        var result: [Int: String] = [:]
        for number in context.neverFiring.reasons.keys.sorted() {
            let transition = context.machine.transitions[number]
            for target in transition.targets {
                let state = context.number(target)
                if result[state] == nil { result[state] = TransitionReference(transition).summary }
            }
        }
        return result
    }
}
