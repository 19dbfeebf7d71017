internal import CGraphviz

extension DrawnTransitions {
    /// A transition's label node as drawn.
    struct LabelBox {
        /// Its transition's `fsmviz_transition`.
        var transition: String
        /// Its box less ``labelMargin`` on each side: an edge that only touches it does not
        /// cross it, as DiagramCheck counts crossed labels.
        var inner: boxf
    }

    /// How far inside a label's box an edge must run to cross it, in points.
    static let labelMargin = 1.0

    /// Every transition label node of `graph`.
    static func labelBoxes(of graph: UnsafeMutablePointer<Agraph_t>) -> [LabelBox] {
        var labels: [LabelBox] = []
        var node = agfstnode(graph)
        while let current = node {
            node = agnxtnode(graph, current)
            guard text(current, "fsmviz_part") == "label", let number = text(current, "fsmviz_transition") else { continue }
            labels.append(LabelBox(transition: number, inner: inset(fsmviz_node_box(current), by: labelMargin)))
        }
        return labels
    }

    /// The positions in `labels` of the labels of transitions other than `transition` that a
    /// curve through `points` runs through.
    static func labelsCrossed(by points: [pointf], of transition: String, among labels: [LabelBox]) -> Set<Int> {
        Set(
            labels.indices.filter { position in
                labels[position].transition != transition
                    && zip(points, points.dropFirst()).contains { meets(labels[position].inner, $0, $1) }
            })
    }
}
