/// Graphviz's layout engines, and `auto`, which picks one by the diagram's size.
public enum LayoutEngine: String, Sendable, CaseIterable {
    /// `dot` while it stays fast, `sfdp` with overlap removal beyond, edge labels as tooltips
    /// on the largest diagrams: see ``LayoutPolicy``.
    case auto
    /// Hierarchical layers: the clearest picture of a state machine's flow.
    case dot
    /// Spring model, for small undirected-looking machines.
    case neato
    /// Force-directed, clusters supported.
    case fdp
    /// Multiscale force-directed: the one that still finishes on thousands of states.
    case sfdp
    /// Circular layout.
    case circo
    /// Radial layout around the initial state.
    case twopi

    /// Whether the engine draws a compound state as a box around its children with its
    /// transitions meeting that box: only `dot`. `sfdp`, `neato`, `circo` and `twopi` draw no
    /// clusters, and `fdp` meets none of their borders (Graphviz's `lhead` and `ltail` are
    /// `dot`'s). `auto` may choose `sfdp`: ask the engine its ``LayoutPlan`` names.
    public var drawsCompoundStates: Bool { self == .dot }
}
