/// Everything that shapes a DOT document besides the machine itself.
public struct DOTOptions: Hashable, Sendable {
    /// Which drawing of the machine to produce.
    public var style: DOTStyle
    /// The direction ranks flow in; `nil` lets the renderer choose whichever of top-to-bottom
    /// and left-to-right gives the squarer drawing (DOT text without a layout flows top to
    /// bottom).
    public var rankDirection: RankDirection?
    /// A title above the diagram; `nil` uses the machine's name in the `states` style and
    /// none in the `flowdiagram` style (EFStateMachine's format has none), the empty string none.
    public var title: String?
    /// Fonts and colours; `nil` uses the style's own: ``DOTTheme/standard`` for `states`,
    /// EFStateMachine's plain Graphviz look for `flowdiagram`.
    public var theme: DOTTheme?
    /// Lint findings to draw onto the diagram.
    public var highlights: DOTHighlights
    /// Where the `states` style shows events: beside the edges or as tooltips.
    public var edgeLabels: EdgeLabelPlacement
    /// Whether force-directed engines (`sfdp`, `fdp`, `neato`) push overlapping states apart
    /// (`overlap=prism`); `dot` never overlaps and ignores it.
    public var removesOverlap: Bool
    /// How the regions of parallel states are arranged.
    public var regionArrangement: RegionArrangement
    /// What a diff drawing marks as added, removed and changed (`FSMAnalysisDiagrams`'s
    /// `DiffDrawing` makes them from a diff).
    public var changes: DOTChangeMarks
    /// How close states and ranks are in the `states` style.
    public var spacing: DOTSpacing
    /// Whether a transition into a history state from outside its compound state leaves the
    /// ranks alone, so the history state stays with the compound's contents instead of following
    /// the transition's source (`DiagramView.returnsToHistory`). Which reads better depends on
    /// the machine; the renderer lays such machines out both ways and keeps the better.
    package var releasesHistoryEntries = false

    /// Creates options; the defaults draw a `states` diagram in the squarer direction.
    public init(
        style: DOTStyle = .states, rankDirection: RankDirection? = nil, title: String? = nil,
        theme: DOTTheme? = nil, highlights: DOTHighlights = .none,
        edgeLabels: EdgeLabelPlacement = .onEdges, removesOverlap: Bool = false,
        regionArrangement: RegionArrangement = .rows, changes: DOTChangeMarks = .none, spacing: DOTSpacing = .standard
    ) {
        self.style = style
        self.rankDirection = rankDirection
        self.title = title
        self.theme = theme
        self.highlights = highlights
        self.edgeLabels = edgeLabels
        self.removesOverlap = removesOverlap
        self.regionArrangement = regionArrangement
        self.changes = changes
        self.spacing = spacing
    }
}

extension DOTOptions {
    /// Whether states and ranks are closer than ``DOTSpacing/standard``, and rows of parallel
    /// regions pegged in document order.
    public var isCompact: Bool { spacing != .standard }

    /// These options with `spacing`.
    public func spaced(_ spacing: DOTSpacing) -> DOTOptions {
        var options = self
        options.spacing = spacing
        return options
    }
}
