public import DOTExport

/// How `--engine auto` chooses a layout from the size of what is drawn.
///
/// Graphviz's `dot` draws state machines best, but its time grows steeply with labelled edges
/// (each label becomes a node of its own in the layering); `sfdp` with overlap removal still
/// finishes on thousands of states, and dropping the edge labels from its layout (they become
/// tooltips) keeps it going to tens of thousands. The thresholds are measured on a 2-core
/// machine with generated machines (`scripts/generate-machine.py`, about four drawn edges per
/// state); docs/performance.md has the measurements.
public struct LayoutPolicy: Hashable, Sendable {
    /// The most drawn transitions `dot` is given.
    public var dotLimit: Int
    /// The most drawn transitions whose events are laid out beside the edges; above it they
    /// become tooltips.
    public var labelLimit: Int

    /// Creates a policy.
    public init(dotLimit: Int, labelLimit: Int) {
        self.dotLimit = dotLimit
        self.labelLimit = labelLimit
    }

    /// The thresholds measured for fsmviz (docs/performance.md).
    public static let measured = LayoutPolicy(dotLimit: 250, labelLimit: 2_500)

    /// The plan for a diagram that draws `transitions` transitions.
    public func plan(transitions: Int) -> LayoutPlan {
        if transitions <= dotLimit { return LayoutPlan(engine: .dot) }
        return LayoutPlan(
            engine: .sfdp, edgeLabels: transitions <= labelLimit ? .onEdges : .tooltips, removesOverlap: true)
    }

    /// The plan for `view`.
    public func plan(for view: DiagramView) -> LayoutPlan {
        plan(transitions: view.transitionCount)
    }
}
