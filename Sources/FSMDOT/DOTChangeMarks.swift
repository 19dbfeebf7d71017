public import FSMCore

/// What a diff drawing marks: each state and transition of the union of two versions as
/// added, removed, changed or (absent from both maps) unchanged.
///
/// Marks are legible without colour: added elements are drawn bold, removed ones dashed,
/// changed ones dotted, unchanged ones thin and grey; a legend says so. Every marked element's
/// SVG class list gains `added`, `removed`, `changed` or `unchanged`, for stylesheets and the
/// HTML viewer.
public struct DOTChangeMarks: Hashable, Sendable {
    /// Whether the drawing is a diff at all; without it nothing is marked or muted.
    public var isActive: Bool
    /// The states of the union that were added, removed or changed.
    public var states: [StateID: ChangeKind]
    /// The transitions of the union, by number, that were added, removed or changed.
    public var transitions: [Int: ChangeKind]

    /// No diff: the ordinary drawing.
    public static let none = DOTChangeMarks(isActive: false, states: [:], transitions: [:])

    /// Creates marks.
    public init(isActive: Bool = true, states: [StateID: ChangeKind], transitions: [Int: ChangeKind]) {
        self.isActive = isActive
        self.states = states
        self.transitions = transitions
    }

    static let colors: [ChangeKind: String] = [.added: "#2CA02C", .removed: "#D62728", .changed: "#E08E0B"]
    static let mutedColor = "#999999"
    private static let lineStyles: [ChangeKind: String] = [.added: "bold", .removed: "dashed", .changed: "dotted"]

    /// The class a state's or transition's element gains; empty when inactive.
    func className(_ kind: ChangeKind?) -> String {
        guard isActive else { return "" }
        return " " + (kind?.rawValue ?? "unchanged")
    }

    /// Attributes that mark a state drawn as a node or a cluster. Pseudo-states keep their
    /// own shape's style and only change colour.
    func stateAttributes(_ state: State) -> [String] {
        guard isActive else { return [] }
        let kind = states[state.id]
        let color = kind.flatMap { Self.colors[$0] } ?? Self.mutedColor
        var attributes = ["color=\"\(color)\"", "fontcolor=\"\(color)\"", "penwidth=\(kind == nil ? 1 : 2.5)"]
        if state.pseudoState == nil, let kind, let line = Self.lineStyles[kind] {
            attributes.append("style=\"rounded,filled,\(line)\"")
        }
        return attributes
    }

    /// Attributes that mark every edge of transition `number`.
    func transitionAttributes(_ number: Int) -> [String] {
        guard isActive else { return [] }
        let kind = transitions[number]
        let color = kind.flatMap { Self.colors[$0] } ?? Self.mutedColor
        var attributes = ["color=\"\(color)\"", "fontcolor=\"\(color)\"", "penwidth=\(kind == nil ? 1 : 2)"]
        if let kind, let line = Self.lineStyles[kind] { attributes.append("style=\(line)") }
        return attributes
    }

    /// The colour of transition `number`'s label, when marked.
    func labelColor(_ number: Int) -> String? {
        guard isActive else { return nil }
        return transitions[number].flatMap { Self.colors[$0] } ?? Self.mutedColor
    }

    /// A legend cluster showing each mark, or nothing when inactive.
    func legend(indent: String, ids: inout DOTIdentifiers) -> String {
        guard isActive else { return "" }
        var lines = ["subgraph \(ids.fresh("cluster_diff_legend")) {"]
        lines.append(
            "    graph [label=\"fsmviz diff\", style=\"rounded,dashed\", color=\"\(Self.mutedColor)\", fontsize=10, id=\"diff-legend\", class=\"legend\"]")
        lines.append("    node [fontsize=9, width=0, height=0, margin=\"0.08,0.03\"]")
        var previous: String?
        for kind in [ChangeKind.added, .removed, .changed, nil] {
            let name = ids.fresh("legend_\(kind?.rawValue ?? "unchanged")")
            let marks =
                kind.map { ["color=\"\(Self.colors[$0] ?? "")\"", "fontcolor=\"\(Self.colors[$0] ?? "")\"", "penwidth=2"] }
                ?? ["color=\"\(Self.mutedColor)\"", "fontcolor=\"\(Self.mutedColor)\""]
            let style = kind.flatMap { Self.lineStyles[$0] }.map { "style=\"rounded,filled,\($0)\"" } ?? "style=\"rounded,filled\""
            lines.append("    \(name) [label=\"\(kind?.rawValue ?? "unchanged")\", \((marks + [style]).joined(separator: ", "))]")
            // Invisible edges keep the four in one column, in this order.
            if let previous { lines.append("    \(previous) -> \(name) [style=invis]") }
            previous = name
        }
        lines.append("}")
        return lines.map { indent + $0 + "\n" }.joined()
    }
}
