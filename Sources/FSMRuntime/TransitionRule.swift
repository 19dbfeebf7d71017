public import FSMCore

/// One declared transition of a running machine: which event, from which states, to which
/// possible targets, with its guard, handler, hooks and effects.
public struct TransitionRule<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    /// Runs with the transition's context.
    public typealias Callback = @Sendable (TransitionContext<State, Event>) -> Void

    /// The triggering event, or `nil` for an automatic transition, taken as soon as the
    /// machine settles in a source state and the guard allows.
    public var event: Event?
    /// The states it may leave.
    public var sources: [State]
    /// The states it may enter; the handler (if any) picks one at run time. Empty for a
    /// targetless transition, which runs its callbacks and effects and changes no state.
    public var targets: [State]
    /// Whether a transition from a compound state to its own descendants leaves it; only
    /// ``StateMachine/graph(name:)`` reads it, as the engine runs no hooks of a compound state.
    public var kind: TransitionKind
    /// A description of the guard, for diagrams and lint.
    public var guardLabel: String?
    /// Descriptions of the effects, for diagrams.
    public var effectLabels: [String]
    /// Whether the transition may fire now; `nil` always allows.
    public var guardCondition: (@Sendable (TransitionContext<State, Event>) -> Bool)?
    /// Chooses the target among `targets`; `nil` takes the only one.
    public var handler: (@Sendable (TransitionContext<State, Event>) throws -> State)?
    /// Runs before the machine leaves the source.
    public var willFire: Callback?
    /// Runs after the machine entered the target and its enter hooks ran.
    public var didFire: Callback?
    /// Side effects, run last, in order; they may send events.
    public var effects: [Callback]

    /// Creates a transition.
    public init(
        event: Event?, from sources: [State], to targets: [State], guardLabel: String? = nil,
        effectLabels: [String] = [], guardCondition: (@Sendable (TransitionContext<State, Event>) -> Bool)? = nil,
        handler: (@Sendable (TransitionContext<State, Event>) throws -> State)? = nil,
        willFire: Callback? = nil, didFire: Callback? = nil, effects: [Callback] = [],
        kind: TransitionKind = .external
    ) {
        self.event = event
        self.sources = sources
        self.targets = targets
        self.kind = kind
        self.guardLabel = guardLabel
        self.effectLabels = effectLabels
        self.guardCondition = guardCondition
        self.handler = handler
        self.willFire = willFire
        self.didFire = didFire
        self.effects = effects
    }
}
