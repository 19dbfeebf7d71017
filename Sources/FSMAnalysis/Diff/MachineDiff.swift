public import FSMCore

/// What changed between two versions of a machine, compared as machines rather than as text.
///
/// States and events are matched by identifier. Transitions are matched within the group of
/// those that leave one source on one event, by content, then guard, then position in the
/// group (see ``TransitionChange``), so reordering a file's transitions is no change but
/// changing which of two transitions fires first is. Source positions, names and lint
/// suppressions are not compared.
///
/// Changes are listed in the old version's declaration order (removed and changed elements),
/// then the added ones in the new version's. ``inverted`` is the diff in the other direction,
/// and ``applied(to:)`` replays the changes on the old version.
public struct MachineDiff: Hashable, Sendable {
    /// The top-level initial state of both versions, when it changed.
    public struct InitialStateChange: Hashable, Sendable {
        /// The old version's initial state.
        public var old: StateID
        /// The new version's initial state.
        public var new: StateID
    }

    /// States added, removed and changed.
    public var states: [StateChange]
    /// Transitions added, removed and changed.
    public var transitions: [TransitionChange]
    /// Events added, removed and relabelled.
    public var events: [EventChange]
    /// The machine's initial state, when it changed.
    public var initialState: InitialStateChange?

    /// Creates a diff from its changes.
    public init(
        states: [StateChange] = [], transitions: [TransitionChange] = [], events: [EventChange] = [],
        initialState: InitialStateChange? = nil
    ) {
        self.states = states
        self.transitions = transitions
        self.events = events
        self.initialState = initialState
    }

    /// The changes that turn `old` into `new`.
    /// - Complexity: O(states + events + transitions log transitions).
    public init(from old: Machine, to new: Machine) {
        self.init(
            states: Self.stateChanges(old, new), transitions: Self.transitionChanges(old, new),
            events: Self.eventChanges(old, new),
            initialState: old.initialState == new.initialState
                ? nil : InitialStateChange(old: old.initialState, new: new.initialState))
    }

    /// Whether the versions are the same machine.
    public var isEmpty: Bool {
        states.isEmpty && transitions.isEmpty && events.isEmpty && initialState == nil
    }

    /// The diff from the new version to the old.
    public var inverted: MachineDiff {
        MachineDiff(
            states: states.map(\.inverted), transitions: transitions.map(\.inverted), events: events.map(\.inverted),
            initialState: initialState.map { InitialStateChange(old: $0.new, new: $0.old) })
    }

    /// Whether `old` and `new` have no state in common: probably not versions of one machine,
    /// though they still diff (everything removed, everything added).
    public static func shareNoState(_ old: Machine, _ new: Machine) -> Bool {
        !old.states.contains { new.state($0.id) != nil }
    }

    private static func stateChanges(_ old: Machine, _ new: Machine) -> [StateChange] {
        var changes: [StateChange] = []
        for state in old.states {
            guard let counterpart = new.state(state.id) else {
                changes.append(StateChange(id: state.id, old: state, new: nil))
                continue
            }
            let oldChild = old.initialChild(of: state.id)
            let newChild = new.initialChild(of: state.id)
            let aspects = StateChange.aspects(state, counterpart, initialChildChanged: oldChild != newChild)
            guard !aspects.isEmpty else { continue }
            changes.append(
                oldChild == newChild
                    ? StateChange(id: state.id, old: state, new: counterpart, aspects: aspects)
                    : StateChange(
                        id: state.id, old: state, new: counterpart, aspects: aspects, oldInitialChild: oldChild,
                        newInitialChild: newChild))
        }
        for state in new.states where old.state(state.id) == nil {
            changes.append(StateChange(id: state.id, old: nil, new: state))
        }
        return changes
    }

    private static func eventChanges(_ old: Machine, _ new: Machine) -> [EventChange] {
        var changes: [EventChange] = []
        for event in old.events {
            let counterpart = new.event(event.id)
            if counterpart?.label != event.label || counterpart == nil {
                changes.append(EventChange(id: event.id, old: event, new: counterpart))
            }
        }
        for event in new.events where old.event(event.id) == nil {
            changes.append(EventChange(id: event.id, old: nil, new: event))
        }
        return changes
    }

    /// Transition changes, state by state: a state's groups are among its outgoing
    /// transitions, so two versions whose state has the same outgoing transitions in the same
    /// order (most states, in most changes) are compared without grouping anything.
    private static func transitionChanges(_ old: Machine, _ new: Machine) -> [TransitionChange] {
        var found = FoundChanges()
        func compare(_ source: StateID, _ oldNumbers: ArraySlice<Int>, _ newNumbers: ArraySlice<Int>) {
            if oldNumbers.count == newNumbers.count,
                zip(oldNumbers, newNumbers).allSatisfy({ TriggerGroups.same(old.transitions[$0], new.transitions[$1]) })
            {
                return
            }
            let oldGroups = TriggerGroups.byEvent(oldNumbers, in: old)
            let newGroups = TriggerGroups.byEvent(newNumbers, in: new)
            for event in oldGroups.events + newGroups.events.filter({ oldGroups.members[$0] == nil }) {
                found.compare(
                    TriggerGroups.Key(source: source, event: event), old, oldGroups.members[event] ?? [], new,
                    newGroups.members[event] ?? [])
            }
        }
        for (number, state) in old.states.enumerated() {
            let counterpart = new.number(of: state.id)
            compare(state.id, old.index.outgoing(from: number), counterpart.map { new.index.outgoing(from: $0) } ?? [])
        }
        for (number, state) in new.states.enumerated() where old.number(of: state.id) == nil {
            compare(state.id, [], new.index.outgoing(from: number))
        }
        return found.inOrder
    }
}
