public import FSMDOT

/// A concrete way to lay out one diagram: the Graphviz engine and the drawing choices that go
/// with it. ``LayoutPolicy`` makes one for `--engine auto`.
public struct LayoutPlan: Hashable, Sendable {
    /// The Graphviz engine; never ``LayoutEngine/auto``.
    public var engine: LayoutEngine
    /// Where events are shown.
    public var edgeLabels: EdgeLabelPlacement
    /// Whether overlapping states are pushed apart (force-directed engines).
    public var removesOverlap: Bool

    /// Creates a plan.
    public init(engine: LayoutEngine, edgeLabels: EdgeLabelPlacement = .onEdges, removesOverlap: Bool = false) {
        self.engine = engine
        self.edgeLabels = edgeLabels
        self.removesOverlap = removesOverlap
    }

    /// `options` with this plan's drawing choices.
    public func applied(to options: DOTOptions) -> DOTOptions {
        var options = options
        options.edgeLabels = edgeLabels
        options.removesOverlap = removesOverlap
        return options
    }

    /// The next cheaper plan in the ``LayoutPolicy``'s order (`dot`, then `sfdp` with labels,
    /// then `sfdp` with tooltips), or `nil` for the cheapest: what a caller that gives up on a
    /// layout taking too long falls back to.
    public var cheaper: LayoutPlan? {
        if engine != .sfdp { return LayoutPlan(engine: .sfdp, edgeLabels: edgeLabels, removesOverlap: true) }
        if edgeLabels == .onEdges { return LayoutPlan(engine: .sfdp, edgeLabels: .tooltips, removesOverlap: true) }
        return nil
    }

    /// A short description for progress lines: "sfdp, events as tooltips".
    public var summary: String {
        engine.rawValue + (edgeLabels == .tooltips ? ", events as tooltips" : "")
    }
}
