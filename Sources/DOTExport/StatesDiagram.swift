internal import FSMCore

/// The `states` drawing: one node per state, events on the edges, a start point before the
/// initial state, double circles for final states, a cluster per compound state (parallel
/// regions as dashed clusters inside their parallel state), history states as `H` and `H*`
/// circles, and initial pseudo-states as start points.
struct StatesDiagram {
    let machine: Machine
    let options: DOTOptions

    private struct Edge {
        var tail: String
        var head: String
        var lines: [String]
        var attributes: [String]
        var conflicting = false
    }

    func render() -> String {
        var ids = DOTIdentifiers(machine.states.map(\.id))
        var clusters: [StateID: String] = [:]
        for state in machine.states.map(\.id) where machine.isCompound(state) {
            clusters[state] = ids.fresh("cluster_\(clusters.count)")
        }
        // An atomic region still gets a (dashed) cluster, so every region reads as one.
        var regionClusters: [StateID: String] = [:]
        for state in machine.states where state.isParallel {
            for region in machine.regions(of: state.id) where clusters[region] == nil {
                regionClusters[region] = ids.fresh("cluster_\(clusters.count + regionClusters.count)")
            }
        }
        let theme = options.theme
        let graphName = machine.name.flatMap(DOTEscaping.identifier(for:)) ?? "machine"
        var dot = "digraph \(graphName) {\n"
        var graphAttributes = [
            "rankdir=\(options.rankDirection.rawValue)", "compound=true",
            "fontname=\(q(theme.fontName))", "fontsize=\(theme.fontSize + 4)",
            "fontcolor=\(q(theme.textColor))", "bgcolor=\(q(theme.background ?? "transparent"))",
            "nodesep=0.5", "ranksep=0.5", "pad=0.3",
        ]
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
        if machine.state(machine.initialState)?.pseudoState != .initial {
            let start = ids.fresh("start")
            dot += "    \(start) [shape=point, width=0.15, label=\"\", "
                + "fillcolor=\(q(theme.edgeColor)), color=\(q(theme.edgeColor))]\n"
            dot += "    \(start) -> \(endpoint(machine.initialState, ids, clusters, role: "lhead"))\n"
        }
        emitStates(in: nil, indent: "    ", ids: &ids, clusters: clusters, regionClusters: regionClusters, into: &dot)
        dot += "\n"
        for edge in edges(ids: &ids, clusters: clusters, choices: &dot) {
            var attributes = edge.attributes
            if edge.conflicting { attributes += DOTHighlights.conflictAttributes }
            let label = edge.lines.filter { !$0.isEmpty }.joined(separator: "\n")
            if !label.isEmpty { attributes.insert("label=\(q(label))", at: 0) }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            dot += "    \(edge.tail) -> \(edge.head)\(suffix)\n"
        }
        dot += options.highlights.legend(indent: "    ", ids: &ids)
        dot += "}\n"
        return dot
    }

    private func q(_ text: String) -> String { DOTEscaping.quotedLabel(text) }

    /// The node an edge attaches to for `state`, plus `lhead`/`ltail` so that an edge to or
    /// from a compound state ends at its cluster's border.
    private func endpoint(
        _ state: StateID, _ ids: DOTIdentifiers, _ clusters: [StateID: String], role: String
    ) -> String {
        guard let cluster = clusters[state] else { return ids[state] }
        return "\(ids[anchor(of: state)]) [\(role)=\(cluster)]"
    }

    private func anchor(of state: StateID) -> StateID {
        var current = state
        while machine.isCompound(current) {
            let children = machine.children(of: current)
            guard let next = children.first(where: { machine.state($0)?.kind == .initial }) ?? children.first
            else { break }
            current = next
        }
        return current
    }

    private func emitStates(
        in parent: StateID?, indent: String, ids: inout DOTIdentifiers,
        clusters: [StateID: String], regionClusters: [StateID: String], into dot: inout String
    ) {
        let theme = options.theme
        let regions = parent.map { machine.regions(of: $0) } ?? []
        for child in machine.children(of: parent) {
            guard let state = machine.state(child) else { continue }
            let isRegion = regions.contains(child)
            if let cluster = clusters[child] {
                dot += "\(indent)subgraph \(cluster) {\n"
                dot += "\(indent)    graph [label=\(q(displayText(of: state))), style=\(isRegion ? "\"dashed,rounded\"" : "\"rounded,filled\""), "
                    + "fillcolor=\(q(theme.clusterFill)), color=\(q(theme.stateOutline)), "
                    + "fontsize=\(theme.fontSize)"
                    + options.highlights.attributes(for: child).map { ", " + $0 }.joined() + "]\n"
                if let initial = machine.initialChild(of: child), machine.state(initial)?.pseudoState != .initial {
                    let start = ids.fresh("\(cluster)_start")
                    dot += "\(indent)    \(start) [shape=point, width=0.12, label=\"\", "
                        + "fillcolor=\(q(theme.edgeColor)), color=\(q(theme.edgeColor))]\n"
                    dot += "\(indent)    \(start) -> \(endpoint(initial, ids, clusters, role: "lhead"))\n"
                }
                emitStates(
                    in: child, indent: indent + "    ", ids: &ids, clusters: clusters, regionClusters: regionClusters,
                    into: &dot)
                dot += "\(indent)}\n"
                continue
            }
            var attributes: [String]
            switch state.pseudoState {
            case .initial?:
                attributes = [
                    "shape=point", "width=0.12", "label=\"\"", "fillcolor=\(q(theme.edgeColor))", "color=\(q(theme.edgeColor))",
                ]
            case .history?, .deepHistory?:
                attributes = [
                    "label=\(q(state.pseudoState == .deepHistory ? "H*" : "H"))", "shape=circle", "style=\"\"",
                    "width=0.3", "fixedsize=true",
                ]
            case nil:
                attributes = ["label=\(q(displayText(of: state)))"]
                // A final state is a double circle; one with effects to list a double-bordered
                // box, which keeps the text readable instead of growing a huge circle.
                if state.kind == .final {
                    let hasEffects = !state.entryEffects.isEmpty || !state.exitEffects.isEmpty
                    attributes.append(hasEffects ? "peripheries=2" : "shape=doublecircle")
                }
            }
            attributes += options.highlights.attributes(for: child)
            let node = "\(ids[child]) [\(attributes.joined(separator: ", "))]\n"
            if let cluster = regionClusters[child] {
                dot += "\(indent)subgraph \(cluster) {\n"
                dot += "\(indent)    graph [label=\"\", style=\"dashed,rounded\", color=\(q(theme.stateOutline))]\n"
                dot += "\(indent)    \(node)"
                dot += "\(indent)}\n"
            } else {
                dot += "\(indent)\(node)"
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

    private func edges(
        ids: inout DOTIdentifiers, clusters: [StateID: String], choices dot: inout String
    ) -> [Edge] {
        var edges: [Edge] = []
        var merged: [String: Int] = [:]
        var choiceCount = 0
        func attachment(_ state: StateID, _ role: String) -> (node: String, attribute: [String]) {
            guard let cluster = clusters[state] else { return (ids[state], []) }
            return (ids[anchor(of: state)], ["\(role)=\(cluster)"])
        }
        for (index, transition) in machine.transitions.enumerated() {
            let line = label(of: transition)
            let conflicting = options.highlights.conflictingTransitions.contains(index)
            let tail = attachment(transition.source, "ltail")
            if transition.targets.count == 1 {
                let head = attachment(transition.targets[0], "lhead")
                let key = "\(transition.source.rawValue)\u{0}\(transition.targets[0].rawValue)"
                if let existing = merged[key] {
                    edges[existing].lines.append(line)
                    edges[existing].conflicting = edges[existing].conflicting || conflicting
                } else {
                    merged[key] = edges.count
                    edges.append(
                        Edge(tail: tail.node, head: head.node, lines: [line], attributes: tail.attribute + head.attribute,
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
                    Edge(tail: tail.node, head: fork, lines: [line], attributes: tail.attribute + ["arrowhead=none"],
                         conflicting: conflicting))
                for target in transition.targets {
                    let head = attachment(target, "lhead")
                    edges.append(Edge(tail: fork, head: head.node, lines: [], attributes: head.attribute))
                }
                continue
            }
            let choice = ids.fresh("choice_\(choiceCount)")
            dot += "    \(choice) [shape=diamond, label=\"\", width=0.25, height=0.25, style=filled, "
                + "fillcolor=\(q(options.theme.edgeColor)), color=\(q(options.theme.edgeColor))]\n"
            edges.append(
                Edge(tail: tail.node, head: choice, lines: [line], attributes: tail.attribute + ["arrowhead=none"],
                     conflicting: conflicting))
            for target in transition.targets {
                let head = attachment(target, "lhead")
                edges.append(Edge(tail: choice, head: head.node, lines: [], attributes: head.attribute))
            }
        }
        return edges
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
