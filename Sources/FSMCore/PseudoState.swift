/// A point a machine passes through without resting in it, as in UML statecharts and SCXML.
///
/// A pseudo-state is a ``State`` with this marker; it has no children and leaves at once by
/// its one eventless, unguarded transition (its *default transition*).
public enum PseudoState: String, Hashable, Sendable, CaseIterable {
    /// Where a compound state (or, at the top level, the machine) starts when its start needs
    /// more than naming a child: SCXML's `<initial>` element, or an `initial` naming deeper
    /// states or several states in parallel regions. It is its parent's initial child and
    /// its default transition enters the states named.
    case initial
    /// Shallow history: entering it re-enters the child of its parent that was active when
    /// the parent was last left, or, the first time, follows its default transition (or
    /// enters the parent's initial child when it has none).
    case history
    /// Deep history: like ``history``, but restores every active descendant of the parent.
    case deepHistory = "deep-history"

    /// Whether it is a history pseudo-state, shallow or deep.
    public var isHistory: Bool { self != .initial }
}
