internal import FSMCore

/// EFStateMachine's flow diagram: node 0 is the start, then states as boxes and events as
/// ovals, numbered in declaration order; each transition is drawn as a headless edge from its
/// source state into the event's oval and an arrow from the oval to each target. A partial
/// view keeps its states and transitions; it has no stubs in this style.
///
/// EFStateMachine has no nested states. A hierarchical machine's compound states are drawn
/// as labelled clusters around their children, with edges clipped at the cluster's border, so
/// no state floats loose; a flat machine gives exactly EFStateMachine's document. A title and
/// a theme are applied only when asked for, for the same reason.
struct FlowDiagram {
    let view: DiagramView
    let options: DOTOptions

    private var machine: Machine { view.machine }

    func render() -> String {
        var numbers: [Int: Int] = [:]
        var next = 1
        for state in view.shownStates where !view.isCluster(state) {
            numbers[state] = next
            next += 1
        }
        var clusterNames: [Int: String] = [:]
        for state in view.shownStates where view.isCluster(state) {
            clusterNames[state] = "cluster_\(clusterNames.count)"
        }
        let nodes = stateNodes(numbers: numbers, clusterNames: clusterNames)
        var events = ""
        var eventNumbers: [EventID: Int] = [:]
        for event in machine.events {
            eventNumbers[event.id] = next
            events += "    \(next) [label=\(q(event.displayName)), shape=oval]\n"
            next += 1
        }

        // A compound state's edges attach to its first leaf and are clipped at its border.
        func end(_ state: Int, _ role: String) -> (node: String, clip: [String]) {
            guard let cluster = clusterNames[state] else { return ("\(numbers[state] ?? 0)", []) }
            return ("\(numbers[leaf(of: state, numbers: numbers)] ?? 0)", ["\(role)=\(cluster)"])
        }
        var links: [String] = []
        var drawn: Set<String> = []
        func link(_ tail: (node: String, clip: [String]), _ head: (node: String, clip: [String]), _ extra: [String] = []) {
            let attributes = tail.clip + head.clip + extra
            let line = "\(tail.node) -> \(head.node)" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]")
            if drawn.insert(line).inserted { links.append(line) }
        }
        // Grouped by event, as EFStateMachine draws each registered action's sources and
        // targets together; targetless transitions change no state and draw nothing here.
        var byEvent: [EventID: [Int]] = [:]
        var automatic: [Int] = []
        for edge in view.edgeTransitions.indices {
            if let event = machine.transitions[view.edgeTransitions[edge]].event {
                byEvent[event, default: []].append(edge)
            } else {
                automatic.append(edge)
            }
        }
        for (event, action) in eventNumbers.sorted(by: { $0.value < $1.value }) {
            for edge in byEvent[event] ?? [] {
                link(end(view.edgeSources[edge], "ltail"), ("\(action)", []), ["arrowhead=none"])
                for target in view.targets(ofEdge: edge) { link(("\(action)", []), end(target, "lhead")) }
            }
        }
        for edge in automatic {
            for target in view.targets(ofEdge: edge) {
                link(end(view.edgeSources[edge], "ltail"), end(target, "lhead"))
            }
        }

        var graph = ["rankdir=\((options.rankDirection ?? .TB).rawValue)"]
        if !clusterNames.isEmpty { graph.append("compound=true") }
        if let title = options.title, !title.isEmpty { graph += ["label=\(q(title))", "labelloc=t"] }
        var dot = "digraph {\n"
        dot += "    graph [\(graph.joined(separator: ", "))]\n"
        if let theme = options.theme { dot += themeDefaults(theme) }
        dot += "\n"
        // The start point only when the initial state is in view; unfilled whatever the theme.
        if let initial = view.initial {
            dot += "    0 [label=\"\", shape=plaintext\(options.theme == nil ? "" : ", style=\"\"")]\n"
            let target = end(initial, "lhead")
            dot += "    0 -> \(target.node)" + target.clip.map { " [\($0)]" }.joined() + "\n"
        }
        dot += "\n"
        dot += "    # node\n" + nodes + events + "\n\n"
        dot += "    # links\n"
        for line in links { dot += "    \(line)\n" }
        dot += "\n}\n"
        return dot
    }

    private func q(_ text: String) -> String { DOTEscaping.quotedLabel(text) }

    /// The state boxes, inside a cluster per compound state (an explicit stack, no recursion).
    private func stateNodes(numbers: [Int: Int], clusterNames: [Int: String]) -> String {
        var nodes = ""
        var stack: [(children: [Int], next: Int)] = [(view.children(of: nil), 0)]
        while let top = stack.last {
            let indent = String(repeating: "    ", count: min(stack.count, 17))
            guard top.next < top.children.count else {
                stack.removeLast()
                if !stack.isEmpty { nodes += String(repeating: "    ", count: min(stack.count, 17)) + "}\n" }
                continue
            }
            stack[stack.count - 1].next += 1
            let state = top.children[top.next]
            let attributes = options.highlights.attributes(for: machine.states[state].id).map { ", " + $0 }.joined()
            if let cluster = clusterNames[state] {
                nodes += "\(indent)subgraph \(cluster) {\n"
                nodes += "\(indent)    graph [label=\(q(machine.states[state].displayName))\(attributes)]\n"
                stack.append((view.children(of: state), 0))
            } else {
                nodes += "\(indent)\(numbers[state] ?? 0) [label=\(q(machine.states[state].displayName)), shape=box\(attributes)]\n"
            }
        }
        return nodes
    }

    /// The first leaf inside a compound state: where its edges attach before clipping.
    private func leaf(of state: Int, numbers: [Int: Int]) -> Int {
        var current = state
        while numbers[current] == nil {
            let children = view.children(of: current)
            guard let next = children.first(where: { machine.states[$0].kind == .initial }) ?? children.first else {
                return current
            }
            current = next
        }
        return current
    }

    private func themeDefaults(_ theme: DOTTheme) -> String {
        "    graph [fontname=\(q(theme.fontName)), fontcolor=\(q(theme.textColor)), "
            + "bgcolor=\(q(theme.background ?? "transparent")), color=\(q(theme.stateOutline))]\n"
            + "    node [style=filled, fontname=\(q(theme.fontName)), fontsize=\(theme.fontSize), "
            + "fillcolor=\(q(theme.stateFill)), color=\(q(theme.stateOutline)), fontcolor=\(q(theme.textColor))]\n"
            + "    edge [fontname=\(q(theme.fontName)), color=\(q(theme.edgeColor)), fontcolor=\(q(theme.textColor))]\n"
    }
}
