public import FSMCore

/// Lint findings drawn onto a diagram: unreachable states greyed and dashed, dead ends and
/// traps outlined in red, nondeterministic transitions in red, with a legend.
///
/// The highlights are plain sets, so the DOT writer needs no analysis; `FSMAnalysisDiagrams`
/// makes them from `FSMAnalysis`'s findings (`DOTHighlights(linting:)`).
public struct DOTHighlights: Hashable, Sendable {
    /// States no run can reach.
    public var unreachableStates: Set<StateID>
    /// Dead ends and states caught in traps.
    public var stuckStates: Set<StateID>
    /// Indices into the machine's transitions of those that conflict with another.
    public var conflictingTransitions: Set<Int>

    /// Nothing highlighted.
    public static let none = DOTHighlights(unreachableStates: [], stuckStates: [], conflictingTransitions: [])

    /// Creates highlights from explicit sets.
    public init(unreachableStates: Set<StateID>, stuckStates: Set<StateID>, conflictingTransitions: Set<Int>) {
        self.unreachableStates = unreachableStates
        self.stuckStates = stuckStates
        self.conflictingTransitions = conflictingTransitions
    }

    /// Whether nothing is highlighted.
    public var isEmpty: Bool {
        unreachableStates.isEmpty && stuckStates.isEmpty && conflictingTransitions.isEmpty
    }

    /// The highlights on what `view` draws, so the legend explains only what is in the picture.
    func restricted(to view: DiagramView) -> DOTHighlights {
        guard view.shownStates.count < view.machine.states.count || view.transitionCount < view.machine.transitions.count
        else { return self }
        return DOTHighlights(
            unreachableStates: unreachableStates.filter(view.contains),
            stuckStates: stuckStates.filter(view.contains),
            conflictingTransitions: conflictingTransitions.intersection(view.edgeTransitions))
    }

    static let problemColor = "#D62728"
    static let unreachableFill = "#EEEEEE"
    static let unreachableLine = "#999999"

    static let unreachableAttributes = [
        "style=\"rounded,filled,dashed\"", "fillcolor=\"\(unreachableFill)\"",
        "color=\"\(unreachableLine)\"", "fontcolor=\"\(unreachableLine)\"",
    ]
    static let stuckAttributes = ["color=\"\(problemColor)\"", "penwidth=2"]
    static let conflictAttributes = ["color=\"\(problemColor)\"", "fontcolor=\"\(problemColor)\"", "penwidth=1.5"]

    /// Extra node attributes for `state`.
    func attributes(for state: StateID) -> [String] {
        (unreachableStates.contains(state) ? Self.unreachableAttributes : [])
            + (stuckStates.contains(state) ? Self.stuckAttributes : [])
    }

    /// A legend cluster explaining the highlights present, or nothing when there are none.
    func legend(indent: String, ids: inout DOTIdentifiers) -> String {
        guard !isEmpty else { return "" }
        var lines = ["subgraph \(ids.fresh("cluster_legend")) {"]
        lines.append("    graph [label=\"fsmviz lint\", style=\"rounded,dashed\", color=\"\(Self.unreachableLine)\", fontsize=10]")
        lines.append("    node [fontsize=9, width=0, height=0, margin=\"0.08,0.03\"]")
        if !unreachableStates.isEmpty {
            lines.append("    \(ids.fresh("legend_unreachable")) [label=\"unreachable\", \(Self.unreachableAttributes.joined(separator: ", "))]")
        }
        if !stuckStates.isEmpty {
            lines.append("    \(ids.fresh("legend_stuck")) [label=\"dead end / trap\", \(Self.stuckAttributes.joined(separator: ", "))]")
        }
        if !conflictingTransitions.isEmpty {
            let from = ids.fresh("legend_conflict")
            let to = ids.fresh("legend_conflict_target")
            lines.append("    \(from) [label=\"\", shape=point, width=0.05]")
            lines.append("    \(to) [label=\"\", shape=point, width=0.05]")
            lines.append("    { rank=same; \(from); \(to) }")
            lines.append("    \(from) -> \(to) [label=\"nondeterministic\", \(Self.conflictAttributes.joined(separator: ", ")), fontsize=9]")
        }
        lines.append("}")
        return lines.map { indent + $0 + "\n" }.joined()
    }
}
