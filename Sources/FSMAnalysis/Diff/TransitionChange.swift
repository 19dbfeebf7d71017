public import FSMCore

/// A transition added, removed or changed between two versions of a machine.
///
/// Transitions are matched within their *group*: the transitions that leave one source on one
/// event (or on none), in document order. The order of a group decides which of its
/// transitions fires first, so a change of rank within it is a change (``Aspect/priority``),
/// while moving a transition among other groups' transitions is none.
public struct TransitionChange: Hashable, Sendable {
    /// What differs about a transition present in both versions.
    public enum Aspect: String, Hashable, Sendable, CaseIterable, Codable {
        /// Its guard.
        case guardLabel = "guard"
        /// Its effects.
        case effects
        /// Its targets.
        case targets
        /// Whether it is internal or external.
        case kind
        /// Its order relative to another transition of its group that both versions have.
        case priority
    }

    /// The state the transition leaves, the same in both versions.
    public var source: StateID
    /// The event that triggers it, the same in both versions; `nil` for an automatic transition.
    public var event: EventID?
    /// The transition in the old version; `nil` when it was added.
    public var old: Transition?
    /// Its position in its group in the old version (0 fires first); `nil` when it was added.
    public var oldRank: Int?
    /// The transition in the new version; `nil` when it was removed.
    public var new: Transition?
    /// Its position in its group in the new version; `nil` when it was removed.
    public var newRank: Int?
    /// What differs, in ``Aspect`` declaration order; empty unless both versions have it.
    public var aspects: [Aspect]

    /// Creates a change; at least one side must be given, with its rank.
    public init(
        source: StateID, event: EventID?, old: Transition?, oldRank: Int?, new: Transition?, newRank: Int?,
        aspects: [Aspect] = []
    ) {
        self.source = source
        self.event = event
        self.old = old
        self.oldRank = oldRank
        self.new = new
        self.newRank = newRank
        self.aspects = aspects
    }

    /// Whether the transition was added, removed or changed.
    public var kind: ChangeKind { .between(old, new) }

    /// The same change from the other side.
    public var inverted: TransitionChange {
        TransitionChange(
            source: source, event: event, old: new, oldRank: newRank, new: old, newRank: oldRank, aspects: aspects)
    }

    /// What differs between the contents of two matched transitions; priority is the group's
    /// to decide.
    static func aspects(_ old: Transition, _ new: Transition) -> [Aspect] {
        Aspect.allCases.filter { aspect in
            switch aspect {
            case .guardLabel: old.guardLabel != new.guardLabel
            case .effects: old.effects != new.effects
            case .targets: old.targets != new.targets
            case .kind: old.kind != new.kind
            case .priority: false
            }
        }
    }
}
