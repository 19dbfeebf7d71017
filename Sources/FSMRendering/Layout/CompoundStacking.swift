internal import CGraphviz
import FSMDOT

/// Invisible edges that lay out, one after the other along the flow, the outermost compound
/// states that a layout put side by side on shared ranks.
///
/// Two compound states of very different lengths side by side leave an empty quadrant beside
/// the shorter one, as long as the longer one and as wide as the shorter one: most of the empty
/// space of the sparsest drawings measured (`checkout.scxml`'s `cart`, `details`, `payment` and
/// `placing` ran down in a diagonal). An edge from the last node along the flow of each to the
/// first node of the next, in the order they start, makes Graphviz rank them one after the
/// other; its weight keeps them on one axis.
enum CompoundStacking {
    /// The DOT edge statements that stack the outermost compound states laid out in `graph` in
    /// `direction` whose ranks overlap, in the order they start: the top level's, or inside a
    /// compound state that holds all the others (a machine wrapped in one root state); empty
    /// when none overlap.
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
        func compounds(in parent: UnsafeMutablePointer<Agraph_t>) -> [UnsafeMutablePointer<Agraph_t>] {
            var found: [UnsafeMutablePointer<Agraph_t>] = []
            var child = agfstsubg(parent)
            while let subgraph = child {
                child = agnxtsubg(subgraph)
                if let state = fsmviz_get(subgraph, "fsmviz_state"), state.pointee != 0 { found.append(subgraph) }
            }
            return found
        }
        // Stacking compound states nested deeper measured worse: `checkout.scxml`'s steps'
        // own children, stacked too, spread it out again (3.8% to 2.3% covered).
        var level = compounds(in: graph)
        while level.count == 1, let only = level.first,
            !(fsmviz_get(only, "class").map { String(cString: $0).split(separator: " ").contains("parallel") } ?? false)
        {
            level = compounds(in: only)
        }
        let spans = level.compactMap { cluster -> (start: Double, end: Double, first: String, last: String)? in
            guard let ends = Self.ends(of: cluster, along: along) else { return nil }
            let bounds = fsmviz_bounds(cluster)
            let (low, high) = (along(bounds.LL), along(bounds.UR))
            return (min(low, high), max(low, high), ends.first, ends.last)
        }.sorted { $0.start < $1.start }
        return zip(spans, spans.dropFirst()).compactMap { earlier, later in
            later.start < earlier.end ? "\(earlier.last) -> \(later.first) [style=invis, weight=\(weight)]" : nil
        }
    }

    /// The DOT names of the first and the last node of `cluster` along the flow.
    private static func ends(
        of cluster: UnsafeMutablePointer<Agraph_t>, along: (pointf) -> Double
    ) -> (first: String, last: String)? {
        var first: (at: Double, name: String)?
        var last: (at: Double, name: String)?
        var node = agfstnode(cluster)
        while let current = node {
            node = agnxtnode(cluster, current)
            let box = fsmviz_node_box(current)
            let at = along(pointf(x: (box.LL.x + box.UR.x) / 2, y: (box.LL.y + box.UR.y) / 2))
            guard let name = agnameof(UnsafeMutableRawPointer(current)).map({ String(cString: $0) }),
                let identifier = DOTEscaping.identifier(for: name)
            else { continue }
            if first.map({ at < $0.at }) ?? true { first = (at, identifier) }
            if last.map({ at > $0.at }) ?? true { last = (at, identifier) }
        }
        guard let first, let last else { return nil }
        return (first.name, last.name)
    }

    /// The weight of a stacking edge: it also pulls the stacked compound states onto one axis
    /// (`checkout.scxml`'s steps, stacked by edges of weight 1, still stood in a diagonal, with
    /// a quarter less of the drawing covered).
    private static let weight = 10

    /// `dot` with `links` added before its closing brace.
    static func adding(_ links: [String], to dot: String) -> String {
        guard let close = dot.lastIndex(of: "}") else { return dot }
        return dot[..<close] + links.map { "    \($0)\n" }.joined() + dot[close...]
    }
}
