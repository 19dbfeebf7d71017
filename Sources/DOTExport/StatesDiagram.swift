internal import FSMCore

/// The `states` drawing: one node per state, events on the edges, a start point before the
/// initial state, double circles for final states and a cluster per compound state; in a
/// partial view, collapsed states with a count of their contents and dashed stubs for the
/// transitions cut by the view's edge.
///
/// - Complexity: O(states + transitions) without recursion, so any nesting depth is drawn.
struct StatesDiagram {
    let view: DiagramView
    let options: DOTOptions

    private var machine: Machine { view.machine }

    /// Nesting deeper than this is not indented further: DOT does not care, and a deeply
    /// nested machine would otherwise give quadratic output.
    private static let deepestIndentation = 16

    /// The compound states drawn as clusters: their DOT names, and the leaf state inside each
    /// that edges to the cluster attach to.
    private struct Clusters {
        var names: [Int: String]
        var anchors: [Int: Int]
        /// Atomic regions of parallel states, each wrapped in a dashed cluster of its own.
        var regions: [Int: String]
        subscript(state: Int) -> String? { names[state] }
    }

    private struct Edge {
        var tail: String
        var head: String
        var lines: [String]
        var attributes: [String]
        var conflicting = false
    }

    func render() -> String {
        var ids = DOTIdentifiers(view.shownStates.map { machine.states[$0].id })
        var names: [Int: String] = [:]
        for state in view.shownStates where view.isCluster(state) {
            names[state] = ids.fresh("cluster_\(names.count)")
        }
        // An atomic region still gets a (dashed) cluster, so every region reads as one.
        var regionClusters: [Int: String] = [:]
        for state in view.shownStates where machine.states[state].isParallel {
            for region in view.children(of: state)
            where machine.states[region].pseudoState == nil && names[region] == nil && regionClusters[region] == nil {
                regionClusters[region] = ids.fresh("cluster_\(names.count + regionClusters.count)")
            }
        }
        let clusters = Clusters(names: names, anchors: anchors(of: names), regions: regionClusters)
        let theme = options.theme
        let graphName = machine.name.flatMap(DOTEscaping.identifier(for:)) ?? "machine"
        var dot = "digraph \(graphName) {\n"
        var graphAttributes = [
            "rankdir=\(options.rankDirection.rawValue)", "compound=true",
            "fontname=\(q(theme.fontName))", "fontsize=\(theme.fontSize + 4)",
            "fontcolor=\(q(theme.textColor))", "bgcolor=\(q(theme.background ?? "transparent"))",
            "nodesep=0.5", "ranksep=0.5", "pad=0.3",
        ]
        if options.removesOverlap { graphAttributes.append("overlap=prism") }
        if let title = options.title ?? machine.name, !title.isEmpty {
            graphAttributes += ["label=\(q(title))", "labelloc=t"]
        }
        dot += "    graph [\(graphAttributes.joined(separator: ", "))]\n"
        dot += "    node [shape=box, style=\"rounded,filled\", fontname=\(q(theme.fontName)), "
            + "fontsize=\(theme.fontSize), fillcolor=\(q(theme.stateFill)), "
            + "color=\(q(theme.stateOutline)), fontcolor=\(q(theme.textColor))]\n"
        dot += "    edge [fontname=\(q(theme.fontName)), fontsize=\(theme.fontSize - 2), "
            + "color=\(q(theme.edgeColor)), fontcolor=\(q(theme.textColor)), arrowsize=0.7]\n\n"

        // An initial pseudo-state is the start point itself; otherwise one points at the
        // initial state.
        if let initial = view.initial, machine.states[initial].pseudoState != .initial {
            let start = ids.fresh("start")
            dot += "    \(start) [shape=point, width=0.15, label=\"\", "
                + "fillcolor=\(q(theme.edgeColor)), color=\(q(theme.edgeColor))]\n"
            dot += "    \(start) -> \(endpoint(initial, ids, clusters, role: "lhead"))\n"
        }
        emitStates(ids: &ids, clusters: clusters, into: &dot)
        dot += "\n"
        for edge in edges(ids: &ids, clusters: clusters, choices: &dot) {
            var attributes = edge.attributes
            if edge.conflicting { attributes += DOTHighlights.conflictAttributes }
            let label = edge.lines.filter { !$0.isEmpty }.joined(separator: "\n")
            if !label.isEmpty {
                let name = options.edgeLabels == .onEdges ? "label" : "tooltip"
                attributes.insert("\(name)=\(q(label))", at: 0)
            }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            dot += "    \(edge.tail) -> \(edge.head)\(suffix)\n"
        }
        emitStubs(ids: &ids, clusters: clusters, into: &dot)
        dot += options.highlights.legend(indent: "    ", ids: &ids)
        dot += "}\n"
        return dot
    }

    private func q(_ text: String) -> String { DOTEscaping.quotedLabel(text) }

    /// The node an edge attaches to for `state`, plus `lhead`/`ltail` so that an edge to or
    /// from a compound state ends at its cluster's border.
    private func endpoint(
        _ state: Int, _ ids: DOTIdentifiers, _ clusters: Clusters, role: String
    ) -> String {
        let (node, attributes) = attachment(state, role, ids, clusters)
        return attributes.isEmpty ? node : "\(node) [\(attributes.joined(separator: ", "))]"
    }

    private func attachment(
        _ state: Int, _ role: String, _ ids: DOTIdentifiers, _ clusters: Clusters
    ) -> (node: String, attributes: [String]) {
        guard let cluster = clusters[state] else { return (ids[machine.states[state].id], []) }
        return (ids[machine.states[clusters.anchors[state] ?? state].id], ["\(role)=\(cluster)"])
    }

    /// For every cluster, the drawn leaf state an edge to it attaches to: the initial child (or
    /// the first drawn one), followed down. Each state is walked through once, so nesting a
    /// million levels deep stays linear.
    private func anchors(of clusters: [Int: String]) -> [Int: Int] {
        var anchors: [Int: Int] = [:]
        var path: [Int] = []
        for cluster in view.shownStates where clusters[cluster] != nil && anchors[cluster] == nil {
            path.removeAll(keepingCapacity: true)
            var current = cluster
            var leaf = cluster
            while true {
                if let known = anchors[current] {
                    leaf = known
                    break
                }
                guard clusters[current] != nil else {
                    leaf = current
                    break
                }
                path.append(current)
                let children = view.children(of: current)
                guard let next = children.first(where: { machine.states[$0].kind == .initial }) ?? children.first
                else {
                    leaf = current
                    break
                }
                current = next
            }
            for state in path { anchors[state] = leaf }
        }
        return anchors
    }

    /// Clusters and nodes, nested as the machine nests its states; an explicit stack instead
    /// of recursion.
    private func emitStates(ids: inout DOTIdentifiers, clusters: Clusters, into dot: inout String) {
        let theme = options.theme
        let indents = (0...Self.deepestIndentation + 1).map { String(repeating: "    ", count: $0) }
        func indentation(_ level: Int) -> String { indents[min(level, Self.deepestIndentation + 1)] }
        // Each frame lists a drawn state's drawn children and how far they have been written.
        var stack: [(children: [Int], next: Int, parentIsParallel: Bool)] = [(view.children(of: nil), 0, false)]
        while let top = stack.last {
            let level = stack.count
            guard top.next < top.children.count else {
                stack.removeLast()
                if !stack.isEmpty { dot += "\(indentation(level - 1))}\n" }
                continue
            }
            stack[stack.count - 1].next += 1
            let number = top.children[top.next]
            let state = machine.states[number]
            let indent = indentation(level)
            if let cluster = clusters[number] {
                dot += "\(indent)subgraph \(cluster) {\n"
                let isRegion = top.parentIsParallel && state.pseudoState == nil
                dot += "\(indent)    graph [label=\(q(displayText(of: state))), style=\(isRegion ? "\"dashed,rounded\"" : "\"rounded,filled\""), "
                    + "fillcolor=\(q(theme.clusterFill)), color=\(q(theme.stateOutline)), "
                    + "fontsize=\(theme.fontSize)"
                    + options.highlights.attributes(for: state.id).map { ", " + $0 }.joined() + "]\n"
                let children = view.children(of: number)
                if let initial = children.first(where: { machine.states[$0].kind == .initial }),
                    machine.states[initial].pseudoState != .initial
                {
                    let start = ids.fresh("\(cluster)_start")
                    dot += "\(indent)    \(start) [shape=point, width=0.12, label=\"\", "
                        + "fillcolor=\(q(theme.edgeColor)), color=\(q(theme.edgeColor))]\n"
                    dot += "\(indent)    \(start) -> \(endpoint(initial, ids, clusters, role: "lhead"))\n"
                }
                stack.append((children, 0, state.isParallel))
            } else {
                var attributes: [String]
                switch state.pseudoState {
                case .initial?:
                    attributes = [
                        "shape=point", "width=0.12", "label=\"\"", "fillcolor=\(q(theme.edgeColor))",
                        "color=\(q(theme.edgeColor))",
                    ]
                case .history?, .deepHistory?:
                    attributes = [
                        "label=\(q(state.pseudoState == .deepHistory ? "H*" : "H"))", "shape=circle", "style=\"\"",
                        "width=0.3", "fixedsize=true",
                    ]
                case nil:
                    if let contents = view.collapsed[number] {
                        // A compound state drawn as one node: say how much it hides.
                        let count = contents == 1 ? "1 state" : "\(contents) states"
                        attributes = ["label=\(q(state.displayName + "\n(" + count + ")"))", "style=\"rounded,filled,bold\""]
                    } else {
                        attributes = ["label=\(q(displayText(of: state)))"]
                    }
                    // A final state is a double circle; one with effects to list a
                    // double-bordered box, which keeps the text readable.
                    if state.kind == .final {
                        let hasEffects = !state.entryEffects.isEmpty || !state.exitEffects.isEmpty
                        attributes.append(hasEffects ? "peripheries=2" : "shape=doublecircle")
                    }
                }
                attributes += options.highlights.attributes(for: state.id)
                let node = "\(ids[state.id]) [\(attributes.joined(separator: ", "))]\n"
                if let cluster = clusters.regions[number] {
                    dot += "\(indent)subgraph \(cluster) {\n"
                    dot += "\(indent)    graph [label=\"\", style=\"dashed,rounded\", color=\(q(theme.stateOutline))]\n"
                    dot += "\(indent)    \(node)"
                    dot += "\(indent)}\n"
                } else {
                    dot += "\(indent)\(node)"
                }
            }
        }
    }

    private func edges(
        ids: inout DOTIdentifiers, clusters: Clusters, choices dot: inout String
    ) -> [Edge] {
        var edges: [Edge] = []
        // Single-target transitions between the same two states share one edge.
        var merged: [Int: Int] = [:]
        let stateCount = machine.states.count
        var choiceCount = 0
        for edge in view.edgeTransitions.indices {
            let transitionNumber = view.edgeTransitions[edge]
            let transition = machine.transitions[transitionNumber]
            let source = view.edgeSources[edge]
            let targets = view.targets(ofEdge: edge)
            let line = label(of: transition)
            let conflicting = options.highlights.conflictingTransitions.contains(transitionNumber)
            let tail = attachment(source, "ltail", ids, clusters)
            if targets.count == 1, let target = targets.first {
                let head = attachment(target, "lhead", ids, clusters)
                let key = source * stateCount + target
                if let existing = merged[key] {
                    edges[existing].lines.append(line)
                    edges[existing].conflicting = edges[existing].conflicting || conflicting
                } else {
                    merged[key] = edges.count
                    edges.append(
                        Edge(
                            tail: tail.node, head: head.node, lines: [line], attributes: tail.attributes + head.attributes,
                            conflicting: conflicting))
                }
                continue
            }
            // A handler that picks one of several targets is drawn as UML's choice diamond;
            // entering several parallel regions at once as UML's fork bar.
            choiceCount += 1
            if machine.entersTogether(transition) {
                let fork = ids.fresh("fork_\(choiceCount)")
                dot += "    \(fork) [shape=box, label=\"\", width=0.5, height=0.06, style=filled, "
                    + "fillcolor=\(q(options.theme.edgeColor)), color=\(q(options.theme.edgeColor))]\n"
                edges.append(
                    Edge(
                        tail: tail.node, head: fork, lines: [line], attributes: tail.attributes + ["arrowhead=none"],
                        conflicting: conflicting))
                for target in targets {
                    let head = attachment(target, "lhead", ids, clusters)
                    edges.append(Edge(tail: fork, head: head.node, lines: [], attributes: head.attributes))
                }
                continue
            }
            let choice = ids.fresh("choice_\(choiceCount)")
            dot += "    \(choice) [shape=diamond, label=\"\", width=0.25, height=0.25, style=filled, "
                + "fillcolor=\(q(options.theme.edgeColor)), color=\(q(options.theme.edgeColor))]\n"
            edges.append(
                Edge(
                    tail: tail.node, head: choice, lines: [line], attributes: tail.attributes + ["arrowhead=none"],
                    conflicting: conflicting))
            for target in targets {
                let head = attachment(target, "lhead", ids, clusters)
                edges.append(Edge(tail: choice, head: head.node, lines: [], attributes: head.attributes))
            }
        }
        return edges
    }

    /// A dashed edge to (or from) a small label for the transitions that lead out of (or come
    /// from) states out of view.
    private func emitStubs(ids: inout DOTIdentifiers, clusters: Clusters, into dot: inout String) {
        guard !view.stubs.isEmpty else { return }
        let theme = options.theme
        dot += "\n"
        for stub in view.stubs {
            guard let number = machine.number(of: stub.state) else { continue }
            for (count, outgoing) in [(stub.outgoing, true), (stub.incoming, false)] where count > 0 {
                let node = ids.fresh(outgoing ? "out_of_view" : "into_view")
                let noun = count == 1 ? "transition" : "transitions"
                let tooltip = outgoing
                    ? "\(count) \(noun) from \(stub.state.rawValue) to states out of view"
                    : "\(count) \(noun) into \(stub.state.rawValue) from states out of view"
                dot += "    \(node) [shape=plaintext, style=\"\", label=\(q((outgoing ? "+\(count) out" : "+\(count) in"))), "
                    + "fontsize=\(theme.fontSize - 2), fontcolor=\(q(theme.edgeColor)), tooltip=\(q(tooltip))]\n"
                let end = attachment(number, outgoing ? "ltail" : "lhead", ids, clusters)
                let attributes = (["style=dashed", "tooltip=\(q(tooltip))"] + end.attributes).joined(separator: ", ")
                dot += outgoing
                    ? "    \(end.node) -> \(node) [\(attributes)]\n"
                    : "    \(node) -> \(end.node) [\(attributes)]\n"
            }
        }
    }

    /// A state's name with its entry and exit effects below it, UML style.
    private func displayText(of state: State) -> String {
        var lines = [state.displayName]
        if !state.entryEffects.isEmpty { lines.append("entry / " + state.entryEffects.joined(separator: ", ")) }
        if !state.exitEffects.isEmpty { lines.append("exit / " + state.exitEffects.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    private func label(of transition: Transition) -> String {
        var parts: [String] = []
        if let event = transition.event {
            parts.append(machine.event(event)?.displayName ?? event.rawValue)
        }
        if let guardLabel = transition.guardLabel { parts.append("[\(guardLabel)]") }
        if !transition.effects.isEmpty { parts.append("/ " + transition.effects.joined(separator: ", ")) }
        return parts.joined(separator: " ")
    }
}
