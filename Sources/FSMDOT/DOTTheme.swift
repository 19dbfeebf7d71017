/// Fonts and colours of a `states`-style diagram.
public struct DOTTheme: Hashable, Sendable {
    /// The font of every label.
    public var fontName: String
    /// The font size of state labels, in points; edge labels are two points smaller.
    public var fontSize: Int
    /// The page background, or `nil` for transparent.
    public var background: String?
    /// The fill of state boxes.
    public var stateFill: String
    /// The outline of state boxes and clusters.
    public var stateOutline: String
    /// The fill of compound-state clusters.
    public var clusterFill: String
    /// The colour of edges and the start point.
    public var edgeColor: String
    /// The colour of all text.
    public var textColor: String

    /// Creates a theme.
    public init(
        fontName: String, fontSize: Int, background: String?, stateFill: String,
        stateOutline: String, clusterFill: String, edgeColor: String, textColor: String
    ) {
        self.fontName = fontName
        self.fontSize = fontSize
        self.background = background
        self.stateFill = stateFill
        self.stateOutline = stateOutline
        self.clusterFill = clusterFill
        self.edgeColor = edgeColor
        self.textColor = textColor
    }

    /// Soft blue states on a transparent page: reads well on light and dark GitHub themes.
    public static let standard = DOTTheme(
        fontName: "Helvetica", fontSize: 12, background: nil, stateFill: "#EAF2FB",
        stateOutline: "#3A6EA5", clusterFill: "#F7F9FC", edgeColor: "#555555",
        textColor: "#1F2933")

    /// Black on white, for print and for diffs that should not churn on colour.
    public static let plain = DOTTheme(
        fontName: "Helvetica", fontSize: 12, background: "white", stateFill: "white",
        stateOutline: "black", clusterFill: "white", edgeColor: "black", textColor: "black")

    /// Light text on a dark page.
    public static let dark = DOTTheme(
        fontName: "Helvetica", fontSize: 12, background: "#1E1E1E", stateFill: "#2D3B4E",
        stateOutline: "#7FA7D9", clusterFill: "#252A31", edgeColor: "#B8C2CC",
        textColor: "#E6EDF3")

    /// The built-in themes by name, for command-line options.
    public static let named: [(name: String, theme: DOTTheme)] = [
        ("standard", .standard), ("plain", .plain), ("dark", .dark),
    ]
}
