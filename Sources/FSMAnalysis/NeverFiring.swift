internal import FSMCore

/// The transitions that can never fire, and why: a search for what a run can reach must not
/// take them, or it would report paths no run takes.
///
/// Three reasons are known. In formats where the first enabled transition in document order
/// wins (SCXML, XState), a transition is shadowed when, whenever its guard holds, an earlier
/// one of its state on its event is enabled too. In sismic, which considers a lower priority
/// only when no transition of a higher one is enabled, a transition is outranked by an
/// unguarded one of its state on its event with a higher priority. And a transition on an event the format's
/// interpreter raises itself waits forever when nothing can raise it: `done.state.X` for a
/// state that is never done, `done.invoke.X` / `error.invoke.X` when nothing invokes `X`.
struct NeverFiring: Sendable {
    enum Reason: Hashable, Sendable {
        /// An earlier transition, enabled whenever this one is, always wins.
        case shadowed(by: Int)
        /// An unguarded transition of a higher sismic priority always wins.
        case outranked(by: Int)
        /// No one raises the event: the text says why.
        case eventNeverRaised(String)
    }

    /// Each transition that can never fire, by number, with why.
    let reasons: [Int: Reason]

    /// The largest group of competing transitions whose guards are compared pairwise; in
    /// larger ones only unguarded winners are found, so the analysis stays linear.
    static let pairwiseLimit = 64

    init(_ machine: Machine, semantics: MachineSemantics, groups: [TransitionGroups.Group], guards: GuardReader) {
        var reasons: [Int: Reason] = [:]
        if semantics.source.isDocumentOrdered {
            for group in groups {
                for (later, winner) in Self.shadowed(
                    group.transitions, machine: machine, guards: guards, inFileOrder: semantics.source == .swift)
                {
                    reasons[later] = .shadowed(by: winner)
                }
            }
        }
        if !semantics.priorities.isEmpty {
            for group in groups {
                for (lower, winner) in Self.outranked(group.transitions, machine: machine, priorities: semantics.priorities) {
                    reasons[lower] = .outranked(by: winner)
                }
            }
        }
        if semantics.source.raisesPlatformEvents {
            var platformEvents = PlatformEvents(machine, semantics: semantics)
            for (number, transition) in machine.transitions.enumerated() where reasons[number] == nil {
                if let event = transition.event, let reason = platformEvents.whyNeverRaised(event.rawValue) {
                    reasons[number] = .eventNeverRaised(reason)
                }
            }
        }
        self.reasons = reasons
    }

    /// Each transition of `group` (one state, one event, in document order) that an earlier
    /// one always beats, with the earliest such winner. `inFileOrder`, only a transition written
    /// before it can beat it: a Swift method's rows are listed in the order its body runs
    /// (what it does after an `await` first), and one step after another is no choice between them.
    static func shadowed(_ group: ArraySlice<Int>, machine: Machine, guards: GuardReader, inFileOrder: Bool = false) -> [(Int, Int)] {
        let transitions = machine.transitions
        var result: [(Int, Int)] = []
        var unguarded: [Int] = []
        var formulas: [(number: Int, formula: GuardExpression)] = []
        let pairwise = group.count <= pairwiseLimit
        for number in group {
            let transition = transitions[number]
            let precedes = { (other: Int) in !inFileOrder || Self.isWritten(transitions[other], before: transition) }
            if let winner = unguarded.first(where: precedes) {
                // A copy of the winner is duplicate-transition's to report.
                if !isCopy(transition, of: transitions[winner]) { result.append((number, winner)) }
                continue
            }
            if transition.guardLabel == nil { unguarded.append(number) }
            guard pairwise else { continue }
            let formula = guards.formula(transition.guardLabel)
            let earlier = formulas.filter { precedes($0.number) }
            let enabledAlone = [formula] + earlier.map { GuardExpression.not($0.formula) }
            if !earlier.isEmpty, !GuardLogic.canHoldTogether(enabledAlone, in: machine),
                let winner = earlier.first(where: { GuardLogic.canHoldTogether([formula, $0.formula], in: machine) })
            {
                if !isCopy(transition, of: transitions[winner.number]) { result.append((number, winner.number)) }
            }
            formulas.append((number, formula))
        }
        return result
    }

    /// Whether `transition` is written before `other` in the same file, or either's place is unknown.
    static func isWritten(_ transition: Transition, before other: Transition) -> Bool {
        guard let first = transition.location, let second = other.location else { return true }
        guard first.file == second.file else { return false }
        return first < second
    }

    /// Each transition of `group` (one state, one event) below the highest priority of an
    /// unguarded one, with the first unguarded transition of that priority, which always wins.
    static func outranked(_ group: ArraySlice<Int>, machine: Machine, priorities: [Int: Int]) -> [(Int, Int)] {
        let unguarded = group.filter { machine.transitions[$0].guardLabel == nil }
        guard let top = unguarded.map({ priorities[$0] ?? 0 }).max(),
            let winner = unguarded.first(where: { (priorities[$0] ?? 0) == top })
        else { return [] }
        return group.filter { (priorities[$0] ?? 0) < top }.map { ($0, winner) }
    }

    /// Whether `transition` repeats `other`'s guard and targets, as duplicate-transition finds.
    static func isCopy(_ transition: Transition, of other: Transition) -> Bool {
        transition.guardLabel == other.guardLabel && transition.targets == other.targets
    }
}
