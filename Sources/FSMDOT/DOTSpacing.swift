/// How close the `states` style sets states and ranks: the renderer asks for closer spacing
/// when a drawing leaves its states lost in empty space.
public enum DOTSpacing: String, Hashable, Sendable, CaseIterable {
    /// `nodesep` 0.4 and `ranksep` 0.3 inches: room around every edge and label.
    case standard
    /// `nodesep` 0.15 and `ranksep` 0.12 inches, with rows of parallel regions held in
    /// document order by invisible pegs in one rank, since the layout is then freer to reorder them.
    case compact
    /// `nodesep` 0.12 and `ranksep` 0.1 inches, pegged as ``compact``: for a drawing still
    /// sparse when compact. Closer still, Graphviz 2.43's spline router fails to find a
    /// corridor for some edges and says so on stderr, where no caller can catch it.
    case tight

    /// Graphviz's `nodesep` and `ranksep`, in inches.
    var separations: (nodes: String, ranks: String) {
        switch self {
        case .standard: ("0.4", "0.3")
        case .compact: ("0.15", "0.12")
        case .tight: ("0.12", "0.1")
        }
    }
}
