/// A transition from one state to zero, one or more target states.
///
/// Several targets mean the transition's handler chooses one of them at run time, as
/// EFStateMachine's `toStates` does, or, when they lie in different regions of a parallel
/// state, that all are entered together (``Machine/entersTogether(_:)``). No target means a
/// *targetless* transition (SCXML's `<transition>` without `target`, XState's actions-only
/// handler): it runs its effects and changes no state, exiting and entering nothing.
public struct Transition: Hashable, Sendable {
    /// The state the transition leaves.
    public var source: StateID
    /// The event that triggers it, or `nil` for an automatic (eventless) transition.
    public var event: EventID?
    /// The states it may enter; empty for a targetless transition.
    public var targets: [StateID]
    /// Whether a transition into the source's own descendants exits the source first.
    public var kind: TransitionKind
    /// A description of the condition that must hold for the transition to fire.
    public var guardLabel: String?
    /// Descriptions of what the transition does as it fires, in order.
    public var effects: [String]
    /// Where the transition was declared, when it came from a file.
    public var location: SourceLocation?
    /// The expression the target is computed by, when the source computes it rather than naming
    /// it (a Swift ternary, a helper's result, a remembered state); ``targets`` then holds the
    /// states it can evaluate to, as far as the source tells, and analyses take it as one of them.
    public var computedTarget: String?

    /// Creates a transition.
    public init(
        from source: StateID,
        on event: EventID?,
        to targets: [StateID],
        guard guardLabel: String? = nil,
        effects: [String] = [],
        kind: TransitionKind = .external,
        location: SourceLocation? = nil,
        computedTarget: String? = nil
    ) {
        self.source = source
        self.event = event
        self.targets = targets
        self.kind = kind
        self.guardLabel = guardLabel
        self.effects = effects
        self.location = location
        self.computedTarget = computedTarget
    }

    /// Creates a transition with a single target.
    public init(
        from source: StateID,
        on event: EventID?,
        to target: StateID,
        guard guardLabel: String? = nil,
        effects: [String] = [],
        kind: TransitionKind = .external,
        location: SourceLocation? = nil
    ) {
        self.init(
            from: source, on: event, to: [target], guard: guardLabel, effects: effects, kind: kind,
            location: location)
    }

    /// Whether the transition has no target: it runs its effects and changes no state.
    public var isTargetless: Bool { targets.isEmpty }
}
