internal import CGraphviz
import FSMDOT

/// Invisible edges that lay out, one after the other along the flow, top-level compound states
/// that a layout put side by side on shared ranks.
///
/// Two compound states of very different lengths side by side leave an empty quadrant beside
/// the shorter one, as long as the longer one and as wide as the shorter one: most of the empty
/// space of the sparsest drawings measured (`checkout.scxml`'s `cart`, `details`, `payment` and
/// `placing` ran down in a diagonal). An edge from the last node along the flow of each to the
/// first node of the next, in the order they start, makes Graphviz rank them one after the
/// other; its weight keeps them on one axis.
enum CompoundStacking {
    /// The DOT edge statements that stack the top-level compound states laid out in `graph`
    /// in `direction` whose ranks overlap; empty when none do.
    static func links(in graph: UnsafeMutablePointer<Agraph_t>, direction: RankDirection) -> [String] {
        // Positions along the flow: Graphviz's y grows upwards.
        func along(_ point: pointf) -> Double {
            switch direction {
            case .TB: -point.y
            case .BT: point.y
            case .LR: point.x
            case .RL: -point.x
            }
        }
        var compounds: [(start: Double, end: Double, first: String, last: String)] = []
        var child = agfstsubg(graph)
        while let subgraph = child {
            child = agnxtsubg(subgraph)
            guard let state = fsmviz_get(subgraph, "fsmviz_state"), state.pointee != 0 else { continue }
            let bounds = fsmviz_bounds(subgraph)
            let ends = [along(bounds.LL), along(bounds.UR)]
            var first: (at: Double, name: String)?
            var last: (at: Double, name: String)?
            var node = agfstnode(subgraph)
            while let current = node {
                node = agnxtnode(subgraph, current)
                let box = fsmviz_node_box(current)
                let at = along(pointf(x: (box.LL.x + box.UR.x) / 2, y: (box.LL.y + box.UR.y) / 2))
                guard let name = agnameof(UnsafeMutableRawPointer(current)).map({ String(cString: $0) }),
                    let identifier = DOTEscaping.identifier(for: name)
                else { continue }
                if first.map({ at < $0.at }) ?? true { first = (at, identifier) }
                if last.map({ at > $0.at }) ?? true { last = (at, identifier) }
            }
            guard let first, let last, let start = ends.min(), let end = ends.max() else { continue }
            compounds.append((start, end, first.name, last.name))
        }
        compounds.sort { $0.start < $1.start }
        return zip(compounds, compounds.dropFirst()).compactMap { earlier, later in
            later.start < earlier.end ? "\(earlier.last) -> \(later.first) [style=invis, weight=\(weight)]" : nil
        }
    }

    /// The weight of a stacking edge: enough to line the stacked compound states up on one axis
    /// rather than leave them in a diagonal.
    private static let weight = 10

    /// `dot` with `links` added before its closing brace.
    static func adding(_ links: [String], to dot: String) -> String {
        guard let close = dot.lastIndex(of: "}") else { return dot }
        return dot[..<close] + links.map { "    \($0)\n" }.joined() + dot[close...]
    }
}
