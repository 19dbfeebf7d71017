public import FSMCore

/// A state added, removed or changed between two versions of a machine; states are matched
/// by identifier.
public struct StateChange: Hashable, Sendable {
    /// What differs about a state present in both versions.
    public enum Aspect: String, Hashable, Sendable, CaseIterable, Codable {
        /// It moved to another parent.
        case parent
        /// It became or stopped being initial or final.
        case kind
        /// Which of its children is initial.
        case initialChild = "initial-child"
        /// Its entry effects.
        case entryEffects = "entry"
        /// Its exit effects.
        case exitEffects = "exit"
        /// The text shown for it.
        case label
        /// Whether it is parallel.
        case parallel
        /// Whether it is a pseudo-state, and which.
        case pseudoState = "pseudo-state"
    }

    /// The state's identifier, the same in both versions.
    public var id: StateID
    /// The state in the old version; `nil` when it was added.
    public var old: State?
    /// The state in the new version; `nil` when it was removed.
    public var new: State?
    /// What differs, in ``Aspect`` declaration order; empty unless both versions have it.
    public var aspects: [Aspect]
    /// The old version's initial child, when that changed (``Aspect/initialChild``).
    public var oldInitialChild: StateID?
    /// The new version's initial child, when that changed (``Aspect/initialChild``).
    public var newInitialChild: StateID?

    /// Creates a change; at least one of `old` and `new` must be given.
    public init(
        id: StateID, old: State?, new: State?, aspects: [Aspect] = [], oldInitialChild: StateID? = nil,
        newInitialChild: StateID? = nil
    ) {
        self.id = id
        self.old = old
        self.new = new
        self.aspects = aspects
        self.oldInitialChild = oldInitialChild
        self.newInitialChild = newInitialChild
    }

    /// Whether the state was added, removed or changed.
    public var kind: ChangeKind { .between(old, new) }

    /// The same change from the other side.
    public var inverted: StateChange {
        StateChange(
            id: id, old: new, new: old, aspects: aspects, oldInitialChild: newInitialChild, newInitialChild: oldInitialChild)
    }

    /// What differs between two versions of one state; whether its initial child changed needs
    /// the machines, so it is given.
    static func aspects(_ old: State, _ new: State, initialChildChanged: Bool) -> [Aspect] {
        Aspect.allCases.filter { aspect in
            switch aspect {
            case .parent: old.parent != new.parent
            case .kind: old.kind != new.kind
            case .initialChild: initialChildChanged
            case .entryEffects: old.entryEffects != new.entryEffects
            case .exitEffects: old.exitEffects != new.exitEffects
            case .label: old.label != new.label
            case .parallel: old.isParallel != new.isParallel
            case .pseudoState: old.pseudoState != new.pseudoState
            }
        }
    }
}
