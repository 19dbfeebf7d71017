/// Where a `states` diagram shows the events of its transitions.
public enum EdgeLabelPlacement: String, Hashable, Sendable, CaseIterable {
    /// Laid out beside each edge: the readable choice while the layout can afford it.
    case onEdges = "edges"
    /// Kept out of the layout and attached to each edge as a tooltip (SVG shows it on hover).
    ///
    /// Graphviz places every edge label as an obstacle of its own, which dominates layout time
    /// on machines with thousands of transitions; tooltips cost nothing to lay out.
    case tooltips
}
