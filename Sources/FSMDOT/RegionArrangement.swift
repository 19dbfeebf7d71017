/// How a `states` drawing arranges the regions of a parallel state.
public enum RegionArrangement: String, Hashable, Sendable, CaseIterable {
    /// Side by side across the direction the diagram flows in, wrapping into a grid read like
    /// text when there are more than three. The order rests on Graphviz's crossing reduction,
    /// which honours it top to bottom on most machines but not all, and never left to right.
    case rows
    /// One after another along the direction the diagram flows in (below each other, top to
    /// bottom): Graphviz's ranks keep them in order.
    case stacked
}
