/// The direction the diagram's ranks flow in, as Graphviz's `rankdir`.
public enum RankDirection: String, Sendable, CaseIterable {
    /// Top to bottom.
    case TB
    /// Left to right.
    case LR
    /// Bottom to top.
    case BT
    /// Right to left.
    case RL
}
