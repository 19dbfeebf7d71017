/// A ``MachineDefinition`` turned into tables for the event loop: states and events by dense
/// index, and for each (state, event) the candidate transitions in the order they are tried
/// (the state's own, then its ancestors'), so sending an event costs one event lookup and no
/// walk up the state tree. Immutable; the machine compiles a new one after registration.
@usableFromInline
final class CompiledMachine<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    /// States in the definition's order; indices stay valid across recompilation, as states
    /// are only ever appended.
    @usableFromInline let states: [State]
    @usableFromInline let events: [Event]
    @usableFromInline let eventIndices: [Event: Int]
    /// Candidates of slot `event * states.count + state` (event `events.count` is the
    /// automatic "no event") are `candidates[candidateStarts[slot]..<candidateStarts[slot + 1]]`.
    @usableFromInline let candidateStarts: [Int]
    @usableFromInline let candidates: [RuleBox<State, Event>]
    /// Whether any transition at all is triggered by each event (and the automatic slot).
    @usableFromInline let eventHasRules: [Bool]
    @usableFromInline let hasAutomaticRules: Bool
    /// By state index; `nil` for states without hooks.
    @usableFromInline let hooks: [StateHooks<State, Event>?]
    /// By state index: the initial children entered below it, outermost first.
    @usableFromInline let initialDescendants: [[Int]]
    /// By slot: the target index when the event's transition in that state is a plain change
    /// with nothing to call back (no guard, handler, callbacks, hooks on either side, initial
    /// children or automatic transitions after it), which the machine applies under its lock
    /// in one step; -1 otherwise.
    @usableFromInline let plainTargets: [Int]

    init(_ definition: MachineDefinition<State, Event>) {
        states = definition.states
        events = definition.events
        let stateIndices = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1, $0) })
        eventIndices = Dictionary(uniqueKeysWithValues: events.enumerated().map { ($1, $0) })
        let boxes = definition.rules.map { RuleBox($0, targetIndices: $0.targets.compactMap { stateIndices[$0] }) }
        let slotEvents: [Event?] = events.map(Optional.some) + [nil]
        var starts = [0]
        var list: [RuleBox<State, Event>] = []
        var hasRules: [Bool] = []
        for event in slotEvents {
            let forEvent = zip(definition.rules, boxes).filter { $0.0.event == event }
            hasRules.append(!forEvent.isEmpty)
            for state in states {
                for holder in definition.selfAndAncestors(of: state) {
                    list += forEvent.filter { $0.0.sources.contains(holder) }.map(\.1)
                }
                starts.append(list.count)
            }
        }
        candidateStarts = starts
        candidates = list
        eventHasRules = hasRules
        hasAutomaticRules = hasRules.last ?? false
        hooks = states.map { state in
            definition.hooks(of: state).flatMap { hooks in
                hooks.willEnter.isEmpty && hooks.didEnter.isEmpty && hooks.willExit.isEmpty && hooks.didExit.isEmpty
                    ? nil : hooks
            }
        }
        initialDescendants = states.map { state in
            definition.entryPath(into: state).dropFirst().compactMap { stateIndices[$0] }
        }
        let hooks = hooks
        let initialDescendants = initialDescendants
        let hasAutomaticRules = hasAutomaticRules
        plainTargets = (0..<(starts.count - 1)).map { slot in
            let state = slot % max(1, hooks.count)
            guard !hasAutomaticRules, starts[slot] < starts[slot + 1], hooks[state] == nil else { return -1 }
            let first = list[starts[slot]]
            guard first.isPlain, let target = first.targetIndices.first, hooks[target] == nil,
                initialDescendants[target].isEmpty
            else { return -1 }
            return target
        }
    }

    /// The dense index of `event`, or `nil` when the machine does not know it.
    @inlinable func index(of event: Event) -> Int? {
        // A few equality tests beat hashing for the small event sets machines usually have.
        if events.count <= 8 {
            var index = 0
            while index < events.count {
                if events[index] == event { return index }
                index += 1
            }
            return nil
        }
        return eventIndices[event]
    }

    /// The slot of `event` (`nil`: automatic) in `state`.
    @inlinable func slot(_ event: Int?, state: Int) -> Int {
        (event ?? events.count) * states.count + state
    }
}

/// A transition rule behind a reference, with its targets' state indices, so the event loop
/// retains one object instead of copying a struct of closures.
@usableFromInline
final class RuleBox<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    @usableFromInline let rule: TransitionRule<State, Event>
    /// The index of each of `rule.targets`.
    @usableFromInline let targetIndices: [Int]
    /// Whether the rule has no callbacks and one target, so firing it is a plain state change.
    @usableFromInline let isPlain: Bool

    init(_ rule: TransitionRule<State, Event>, targetIndices: [Int] = []) {
        self.rule = rule
        self.targetIndices = targetIndices
        isPlain =
            rule.guardCondition == nil && rule.handler == nil && rule.willFire == nil
            && rule.didFire == nil && rule.effects.isEmpty && rule.targets.count == 1 && targetIndices.count == 1
    }
}
