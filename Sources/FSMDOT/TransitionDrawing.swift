internal import FSMCore

/// The DOT for one drawn transition of a `states` diagram: one chain of edges per transition,
/// never shared with another, carrying the element ids of ``DiagramElementID``.
///
/// With labels on edges, the label is a node of its own on the transition's path (source →
/// label → target): Graphviz routes other edges around nodes and cannot clip an edge's label
/// away from it at a cluster border, so the text stays on its edge. A transition that chooses
/// among several targets continues through UML's choice diamond, one that enters several
/// parallel regions at once through a fork bar.
struct TransitionDrawing {
    /// Helper nodes to declare inside a cluster (`nil`: at the top level).
    var nodes: [(domain: Int?, name: String, line: String)] = []
    /// Edge statements, declared after every node.
    var edges: [String] = []

    private let view: DiagramView
    private let options: DOTOptions
    private let clusters: DiagramClusters
    private let selfAnchors: [Int: String]
    private let exitPorts: [Int: String]

    private var machine: Machine { view.machine }
    private var theme: DOTTheme { options.theme ?? .standard }

    init(
        view: DiagramView, options: DOTOptions, clusters: DiagramClusters, selfAnchors: [Int: String],
        exitPorts: [Int: String] = [:]
    ) {
        self.exitPorts = exitPorts
        self.view = view
        self.options = options
        self.clusters = clusters
        self.selfAnchors = selfAnchors
    }

    /// Whether drawn edge `edge` starts inside its compound source: an internal transition to
    /// the source's own descendants, which exits nothing and is drawn within the source.
    static func startsInside(_ edge: Int, of view: DiagramView) -> Bool {
        let transition = view.machine.transitions[view.edgeTransitions[edge]]
        return !transition.isTargetless && view.machine.keepsSourceActive(transition)
            && view.isCluster(view.edgeSources[edge])
    }

    /// Adds drawn edge `edge` (a position in the view's edges); helper nodes get fresh DOT
    /// names from `ids`.
    mutating func add(edge: Int, ids: inout DOTIdentifiers) {
        let number = view.edgeTransitions[edge]
        let transition = machine.transitions[number]
        let source = view.edgeSources[edge]
        let targets = Array(view.targets(ofEdge: edge))
        guard !targets.isEmpty else { return }
        let inside = Self.startsInside(edge, of: view)
        let domain = inside ? source : clusters.domain(of: [source] + targets)
        let element = DiagramElementID.transition(number)
        let text = DiagramText.transition(transition, in: machine)
        let common = commonAttributes(number, transition: transition, inside: inside)
        // Regions are ordered by ranks when stacked; an edge back to an earlier region would
        // make a cycle that Graphviz may break at the ordering instead, and in lines side by
        // side an edge from one line to another would push the second line down. Only the
        // edges into the targets let go of the ranks: the label and junction still follow
        // the source, which keeps them beside it instead of wherever the ranks leave room.
        let free = domain.map { goesAcrossRegions(of: $0, from: source, to: targets) } ?? false
        let intoTargets = free ? ["constraint=false"] : []
        var tail =
            inside
            ? (node: selfAnchors[source] ?? ids[machine.states[source].id], attributes: [String]())
            : exitPorts[source].map { ($0, ["ltail=\(clusters[source] ?? "")"]) } ?? attachment(source, role: "ltail", ids)
        var tailPart = "source"

        let onEdges = options.edgeLabels == .onEdges && !text.isEmpty
        if onEdges {
            let label = ids.fresh("transition_\(number)_label")
            let lines = DiagramText.wrapped(text)
            nodes.append(
                (
                    domain, label,
                    "\(label) [shape=plaintext, style=\"\", width=0, height=0, margin=\"0.04,0.02\", "
                        + "label=\(q(lines.joined(separator: "\n"))), fontsize=\(theme.fontSize - 2), "
                        + "id=\"\(element)-label\", class=\"transition-label\(options.changes.className(options.changes.transitions[number]))\", tooltip=\(DOTEscaping.quotedTooltip(DiagramText.tooltip(text, at: transition.location))), "
                        + "fsmviz_transition=\(number), fsmviz_part=label" + labelColorAttribute(number) + "]"
                ))
            appendEdge(from: tail, to: label, id: element, part: tailPart, extra: common + ["arrowhead=none"])
            tail = (label, [])
            tailPart = "link"
        }
        var tooltip: [String] = onEdges || text.isEmpty ? [] : ["tooltip=\(DOTEscaping.quotedTooltip(DiagramText.tooltip(text, at: transition.location)))"]

        if targets.count > 1 {
            let fork = machine.entersTogether(transition)
            let junction = ids.fresh("transition_\(number)_junction")
            // A fork bar lies across the direction the diagram flows in.
            let across = [RankDirection.LR, .RL].contains(options.rankDirection ?? .TB)
            let shape =
                fork
                ? "shape=box, label=\"\", width=\(across ? 0.06 : 0.5), height=\(across ? 0.5 : 0.06)"
                : "shape=diamond, label=\"\", width=0.25, height=0.25"
            nodes.append(
                (
                    domain, junction,
                    "\(junction) [\(shape), style=filled, fillcolor=\(q(theme.edgeColor)), "
                        + "color=\(q(theme.edgeColor)), id=\"\(element)-junction\", class=\"\(fork ? "fork" : "choice")\", "
                        + "fsmviz_transition=\(number), fsmviz_part=junction]"
                ))
            appendEdge(
                from: tail, to: junction, id: onEdges ? "\(element)-split" : element, part: tailPart,
                extra: common + tooltip + ["arrowhead=none"])
            tail = (junction, [])
            tailPart = "link"
            tooltip = []
        }
        for (position, target) in targets.enumerated() {
            let head = attachment(target, role: "lhead", ids)
            let id = tailPart == "source" ? element : "\(element)-target-\(position)"
            let part = tailPart == "source" ? "whole" : "target"
            let released = options.releasesHistoryEntries && Self.returnsToHistory(machine, from: source, to: target)
            let ranking = released ? ["constraint=false"] : intoTargets
            appendEdge(
                from: tail, to: head.node, id: id, part: part,
                extra: head.attributes + common + ranking + tooltip
                    + ["fsmviz_target=\"\(DiagramElementID.state(machine.states[target].id))\""])
        }
    }

    /// Whether `target` is a history state entered from outside its compound state. Such a
    /// transition returns into the compound, often from a state drawn after it (a mini player
    /// expanding back into playback); ranked after its source, the history state drags the
    /// compound's border down past that source.
    static func returnsToHistory(_ machine: Machine, from source: Int, to target: Int) -> Bool {
        let history = machine.states[target]
        guard [.history, .deepHistory].contains(history.pseudoState), let compound = history.parent else { return false }
        return !machine.isDescendant(machine.states[source].id, of: compound)
    }

    /// Whether the transition leads from a region of parallel state `domain` to an earlier one
    /// or, unless regions are arranged in ``RegionArrangement/rows``, to any other one.
    private func goesAcrossRegions(of domain: Int, from source: Int, to targets: [Int]) -> Bool {
        guard machine.states[domain].isParallel, let from = region(of: source, in: domain) else { return false }
        let forwardToo = options.regionArrangement != .rows
        return targets.contains { target in
            region(of: target, in: domain).map { $0 < from || (forwardToo && $0 != from) } ?? false
        }
    }

    /// The position of the region of `parallel` that holds `state`, among its children.
    private func region(of state: Int, in parallel: Int) -> Int? {
        let parents = machine.index.parents
        var current = state
        while parents[current] >= 0, parents[current] != parallel { current = parents[current] }
        guard parents[current] == parallel else { return nil }
        return machine.index.children(of: parallel).firstIndex(of: current)
    }

    private mutating func appendEdge(
        from tail: (node: String, attributes: [String]), to head: String, id: String, part: String, extra: [String]
    ) {
        let attributes = tail.attributes + ["id=\(q(id))", "fsmviz_part=\(part)"] + extra
        edges.append("\(tail.node) -> \(head) [\(attributes.joined(separator: ", "))]")
    }

    private func commonAttributes(_ number: Int, transition: Transition, inside: Bool) -> [String] {
        var classes = ["transition"]
        if transition.event == nil { classes.append("eventless") }
        if transition.guardLabel != nil { classes.append("guarded") }
        if inside { classes.append("internal") }
        let changeClass = options.changes.className(options.changes.transitions[number])
        return ["class=\(q(classes.joined(separator: " ") + changeClass))", "fsmviz_transition=\(number)"]
            + (options.highlights.conflictingTransitions.contains(number) ? DOTHighlights.conflictAttributes : [])
            + options.changes.transitionAttributes(number)
    }

    private func labelColorAttribute(_ number: Int) -> String {
        if let color = options.changes.labelColor(number) { return ", fontcolor=\(q(color))" }
        return options.highlights.conflictingTransitions.contains(number)
            ? ", fontcolor=\(q(DOTHighlights.problemColor))" : ""
    }

    /// The node an edge attaches to for `state`, plus `lhead`/`ltail` so that an edge to or
    /// from a compound state ends at its cluster's border.
    func attachment(_ state: Int, role: String, _ ids: DOTIdentifiers) -> (node: String, attributes: [String]) {
        guard let cluster = clusters[state] else { return (ids[machine.states[state].id], []) }
        return (ids[machine.states[clusters.anchors[state] ?? state].id], ["\(role)=\(cluster)"])
    }

    private func q(_ text: String) -> String { DOTEscaping.quotedLabel(text) }
}
