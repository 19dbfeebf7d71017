public import FSMAnalysis
public import FSMCore
public import FSMDOT

/// One drawing of what changed between two versions of a machine: the union of both, laid out
/// once, with ``/FSMDOT/DOTChangeMarks`` on what was added, removed and changed.
///
/// The union is the new version plus what only the old one has: removed states under their
/// old parents, removed events and transitions. A union that is no valid machine (a removed
/// state under a parent that became a pseudo-state, two initial children) is drawn with the
/// removed states at the top level instead, and failing that as the new version alone.
public struct DiffDrawing: Sendable {
    /// The machine drawn: both versions together.
    public let machine: Machine
    /// What the drawing marks.
    public let marks: DOTChangeMarks
    /// Whether the removed states and transitions could not be drawn and are left out.
    public let omitsRemoved: Bool

    /// The drawing of `diff`, the changes from `old` to `new`.
    public init(old: Machine, new: Machine, diff: MachineDiff) {
        var stateMarks: [StateID: ChangeKind] = [:]
        for change in diff.states { stateMarks[change.id] = change.kind }
        if let initial = diff.initialState { stateMarks[initial.new] = stateMarks[initial.new] ?? .changed }
        var transitionMarks: [Int: ChangeKind] = [:]
        for (change, number) in zip(diff.transitions, diff.transitionNumbers(in: new, version: .new)) {
            if let number { transitionMarks[number] = change.kind }
        }
        let removedTransitions = diff.transitions.filter { $0.kind == .removed }.compactMap(\.old)
        for offset in removedTransitions.indices { transitionMarks[new.transitions.count + offset] = .removed }
        let removedStates = diff.states.filter { $0.kind == .removed }.compactMap(\.old)
        let removedEvents = diff.events.filter { $0.kind == .removed }.compactMap(\.old)
        for nesting in [true, false] {
            if let union = Self.union(
                new, states: removedStates, events: removedEvents, transitions: removedTransitions, keepingParents: nesting)
            {
                machine = union
                marks = DOTChangeMarks(states: stateMarks, transitions: transitionMarks)
                omitsRemoved = false
                return
            }
        }
        machine = new
        marks = DOTChangeMarks(
            states: stateMarks.filter { $0.value != .removed }, transitions: transitionMarks.filter { $0.key < new.transitions.count })
        omitsRemoved = true
    }

    /// `options` with this drawing's marks.
    public func options(_ options: DOTOptions) -> DOTOptions {
        var options = options
        options.changes = marks
        return options
    }

    /// The new version with the removed elements added, or `nil` when that is no valid
    /// machine. A removed state that was initial stays so only where its parent has no other
    /// initial child.
    private static func union(
        _ new: Machine, states: [State], events: [Event], transitions: [Transition], keepingParents: Bool
    ) -> Machine? {
        let removed = states.map { state in
            var state = state
            if !keepingParents { state.parent = nil }
            if state.kind == .initial, state.parent.map({ new.state($0) != nil }) ?? true,
                new.initialChild(of: state.parent) != nil || state.parent.map(new.isParallel) == true
            {
                state.kind = .normal
            }
            return state
        }
        return try? Machine(
            name: new.name, summary: new.summary, states: new.states + removed, events: new.events + events,
            transitions: new.transitions + transitions)
    }
}
