internal import FSMCore
internal import FSMDOT

/// A laid-out diagram read through fsmviz's element scheme (docs/diagrams.md): which boxes draw
/// which state, which edges and nodes draw which transition.
///
/// Only the custom attributes are read (`fsmviz_state`, `fsmviz_transition`, `fsmviz_part`,
/// `fsmviz_target`, `fsmviz_internal`), never the DOT names: states are named by their element
/// ids (``DiagramElementID``), which any state id survives, and the geometry alone decides
/// where each thing was drawn.
struct DrawingIndex {
    /// The boxes that draw one state.
    struct StateBoxes {
        /// The state's own node and the helper nodes marked as its own (anchors, headers).
        var nodes: [DiagramBox] = []
        /// Its cluster, for a state drawn around its children.
        var cluster: DiagramBox?

        /// The box that stands for the state as a whole: its cluster, else its first node.
        var outline: DiagramBox? { cluster ?? nodes.first }
    }

    /// What an edge of a transition's drawing does, from `fsmviz_part`.
    enum Part: Equatable {
        /// Leaves the source (`source`).
        case source
        /// Enters a target (`target`).
        case target
        /// Goes from the source to a target (`whole`).
        case whole
        /// Joins helpers between the two (a label node, a junction).
        case inner

        var leavesSource: Bool { self == .source || self == .whole }
        var entersTarget: Bool { self == .target || self == .whole }
    }

    let drawing: LaidOutDiagram
    private(set) var states: [StateID: StateBoxes] = [:]
    /// Visible edges of each transition, by position in the drawing.
    private(set) var edgesOfTransition: [Int: [Int]] = [:]
    /// Nodes (labels, junctions) of each transition, by position in the drawing.
    private(set) var nodesOfTransition: [Int: [Int]] = [:]
    /// The states that list a transition as drawn inside them (`fsmviz_internal`).
    private(set) var internalActivityHosts: [Int: [StateID]] = [:]
    /// Elements that carry several transitions: a description of the element and the
    /// transitions.
    private(set) var sharedElements: [(element: String, transitions: [Int])] = []

    init(_ drawing: LaidOutDiagram) {
        self.drawing = drawing
        for (position, node) in drawing.nodes.enumerated() {
            let transitions = Self.numbers(node.attributes["fsmviz_transition"])
            if !transitions.isEmpty {
                for number in transitions { nodesOfTransition[number, default: []].append(position) }
                if transitions.count > 1 { sharedElements.append(("node '\(node.name)'", transitions)) }
            } else if let state = Self.state(node.attributes["fsmviz_state"]) {
                states[state, default: StateBoxes()].nodes.append(node.box)
            }
            noteInternalActivities(node.attributes["fsmviz_internal"], host: node.attributes["fsmviz_state"])
        }
        for (position, cluster) in drawing.clusters.enumerated() {
            let own = Self.ownAttributes(of: position, in: drawing.clusters)
            if let state = Self.state(own["fsmviz_state"]) {
                states[state, default: StateBoxes()].cluster = cluster.box
            }
            noteInternalActivities(own["fsmviz_internal"], host: cluster.attributes["fsmviz_state"])
        }
        for (position, edge) in drawing.edges.enumerated() where edge.isVisible {
            let transitions = Self.numbers(edge.attributes["fsmviz_transition"])
            for number in transitions { edgesOfTransition[number, default: []].append(position) }
            if transitions.count > 1 {
                sharedElements.append(("edge '\(edge.attributes["id"] ?? "\(position)")'", transitions))
            }
        }
    }

    /// The attributes cluster `position` sets itself. A subgraph inherits the graph attributes
    /// of the cluster around it, so a helper cluster inside a state's (a region's dashed border,
    /// a child state's cluster without internal activities) repeats its `fsmviz_state` or
    /// `fsmviz_internal`: a value equal to the enclosing cluster's is taken as inherited.
    private static func ownAttributes(of position: Int, in clusters: [LaidOutDiagram.Cluster]) -> [String: String] {
        let cluster = clusters[position]
        let enclosing = clusters.indices
            .filter { $0 != position && cluster.box.isInside(clusters[$0].box) && clusters[$0].box != cluster.box }
            .min { clusters[$0].box.width * clusters[$0].box.height < clusters[$1].box.width * clusters[$1].box.height }
        guard let enclosing else { return cluster.attributes }
        return cluster.attributes.filter { key, value in clusters[enclosing].attributes[key] != value }
    }

    private mutating func noteInternalActivities(_ list: String?, host: String?) {
        guard let host = Self.state(host) else { return }
        for number in Self.numbers(list) where internalActivityHosts[number]?.contains(host) != true {
            internalActivityHosts[number, default: []].append(host)
        }
    }

    /// The state an `fsmviz_state` or `fsmviz_target` attribute names by its element id.
    static func state(_ attribute: String?) -> StateID? {
        attribute.flatMap { DiagramElementID.stateID(of: $0) }
    }

    /// The transition numbers of an attribute: one, or several separated by spaces or commas.
    static func numbers(_ text: String?) -> [Int] {
        guard let text else { return [] }
        return text.split { $0 == " " || $0 == "," }.compactMap { Int($0) }
    }

    /// What edge `position` of transition `number` does: its `fsmviz_part`, or, without one,
    /// what its ends say (an end on one of the transition's own helper nodes is inner).
    func part(ofEdge position: Int, transition number: Int) -> Part {
        let edge = drawing.edges[position]
        switch edge.attributes["fsmviz_part"] {
        case "source": return .source
        case "target": return .target
        case "whole": return .whole
        case .some: return .inner
        case nil:
            let helpers = Set(nodesOfTransition[number] ?? [])
            switch (edge.tail.map(helpers.contains) ?? false, edge.head.map(helpers.contains) ?? false) {
            case (false, false): return .whole
            case (false, true): return .source
            case (true, false): return .target
            case (true, true): return .inner
            }
        }
    }

    /// The text of transition `number`'s drawing: its edges' and label nodes' `label`s.
    func labelText(ofTransition number: Int) -> String {
        let edgeTexts = (edgesOfTransition[number] ?? []).compactMap { drawing.edges[$0].attributes["label"] }
        let nodeTexts = (nodesOfTransition[number] ?? []).compactMap { drawing.nodes[$0].attributes["label"] }
        return (edgeTexts + nodeTexts).joined(separator: " ")
    }
}
