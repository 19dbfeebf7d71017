/// Everything that shapes a DOT document besides the machine itself.
public struct DOTOptions: Hashable, Sendable {
    /// Which drawing of the machine to produce.
    public var style: DOTStyle
    /// The direction ranks flow in.
    public var rankDirection: RankDirection
    /// A title above the diagram; `nil` uses the machine's name, the empty string none.
    public var title: String?
    /// Fonts and colours (the `flowdiagram` style keeps EFStateMachine's plain look).
    public var theme: DOTTheme
    /// Lint findings to draw onto the diagram.
    public var highlights: DOTHighlights
    /// Where the `states` style shows events: beside the edges or as tooltips.
    public var edgeLabels: EdgeLabelPlacement
    /// Whether force-directed engines (`sfdp`, `fdp`, `neato`) push overlapping states apart
    /// (`overlap=prism`); `dot` never overlaps and ignores it.
    public var removesOverlap: Bool

    /// Creates options; the defaults draw a `states` diagram top to bottom.
    public init(
        style: DOTStyle = .states, rankDirection: RankDirection = .TB, title: String? = nil,
        theme: DOTTheme = .standard, highlights: DOTHighlights = .none,
        edgeLabels: EdgeLabelPlacement = .onEdges, removesOverlap: Bool = false
    ) {
        self.style = style
        self.rankDirection = rankDirection
        self.title = title
        self.theme = theme
        self.highlights = highlights
        self.edgeLabels = edgeLabels
        self.removesOverlap = removesOverlap
    }
}
