internal import FSMCore

/// The `states` drawing: a node per atomic state and a cluster per compound state, each
/// transition drawn once from its true source to its true targets with its label on its own
/// path, internal activities (targetless transitions, entry and exit effects) in compartments
/// of their state as UML draws them, a start point before each initial state and final states
/// as double-bordered boxes. In a partial view, collapsed states show a count of their
/// contents and dashed stubs stand for the transitions cut by the view's edge.
///
/// Every element carries the `id`, `class` and `fsmviz_*` attributes described in
/// docs/diagrams.md, so a rendered SVG can be styled, scripted and checked.
/// - Complexity: O(states + transitions × depth) without recursion, so any nesting depth is drawn.
struct StatesDiagram {
    let view: DiagramView
    let options: DOTOptions

    private var machine: Machine { view.machine }
    private var theme: DOTTheme { options.theme ?? .standard }

    /// Nesting deeper than this is not indented further: DOT does not care, and a deeply
    /// nested machine would otherwise give quadratic output.
    private static let deepestIndentation = 16

    func render() -> String {
        var ids = DOTIdentifiers(view.shownStates.map { machine.states[$0].id })
        let clusters = DiagramClusters(view: view, ids: &ids)
        // A compound state that is the inside source of an internal transition gets a small
        // anchor inside its border for those transitions to start from.
        var selfAnchors: [Int: String] = [:]
        for edge in view.edgeTransitions.indices where TransitionDrawing.startsInside(edge, of: view) {
            let source = view.edgeSources[edge]
            if selfAnchors[source] == nil { selfAnchors[source] = ids.fresh("anchor_\(selfAnchors.count)") }
        }
        // A compound state's own transitions leave its border from an invisible port inside it
        // rather than from a child, where Graphviz would clip them right beside that child and
        // they would seem to leave it.
        // Measured over every machine the tests draw, ports in drawings with parallel regions
        // brought crossed labels, detours and edges through unrelated compound states into five
        // of them, so those keep leaving from a child.
        var exitPorts: [Int: String] = [:]
        let parallel = view.shownStates.contains { machine.states[$0].isParallel }
        for edge in view.edgeTransitions.indices where !parallel && !TransitionDrawing.startsInside(edge, of: view) {
            let source = view.edgeSources[edge]
            if clusters[source] != nil, exitPorts[source] == nil { exitPorts[source] = ids.fresh("exit_\(exitPorts.count)") }
        }
        var drawing = TransitionDrawing(
            view: view, options: options, clusters: clusters, selfAnchors: selfAnchors, exitPorts: exitPorts)
        for edge in view.edgeTransitions.indices { drawing.add(edge: edge, ids: &ids) }
        var helpers: [Int?: [(name: String, line: String)]] = [:]
        for (domain, name, line) in drawing.nodes { helpers[domain, default: []].append((name, line)) }

        let graphName = machine.name.flatMap(DOTEscaping.identifier(for:)) ?? "machine"
        var dot = "digraph \(graphName) {\n"
        var graphAttributes = [
            "rankdir=\((options.rankDirection ?? .TB).rawValue)", "compound=true",
            "fontname=\(q(theme.fontName))", "fontsize=\(theme.fontSize + 4)",
            "fontcolor=\(q(theme.textColor))", "bgcolor=\(q(theme.background ?? "transparent"))",
            "nodesep=\(options.spacing.separations.nodes)", "ranksep=\(options.spacing.separations.ranks)", "pad=0.3",
        ]
        if options.removesOverlap { graphAttributes.append("overlap=prism") }
        if options.regionArrangement != .rows, view.shownStates.contains(where: { machine.states[$0].isParallel }) {
            // Graphviz's older ranking makes an edge between clusters only a penalty, so
            // transitions between regions could pull a stacked region back beside the one
            // before; the newer one keeps every edge's direction, gates included.
            graphAttributes.append("newrank=true")
        }
        if let title = options.title ?? machine.name, !title.isEmpty {
            graphAttributes += ["label=\(q(title))", "labelloc=t"]
        }
        dot += "    graph [\(graphAttributes.joined(separator: ", "))]\n"
        dot +=
            "    node [shape=box, style=\"rounded,filled\", fontname=\(q(theme.fontName)), "
            + "fontsize=\(theme.fontSize), fillcolor=\(q(theme.stateFill)), "
            + "color=\(q(theme.stateOutline)), fontcolor=\(q(theme.textColor))]\n"
        dot +=
            "    edge [fontname=\(q(theme.fontName)), fontsize=\(theme.fontSize - 2), "
            + "color=\(q(theme.edgeColor)), fontcolor=\(q(theme.textColor)), arrowsize=0.7]\n\n"

        var edges: [String] = []
        // An initial pseudo-state is the start point itself; otherwise one points at the
        // initial state.
        let topStart = view.initial.flatMap { machine.states[$0].pseudoState == .initial ? nil : ids.fresh("start") }
        var startPoints: [Int: String] = [:]
        for state in view.shownStates where clusters[state] != nil && startingChild(of: state) != nil {
            startPoints[state] = ids.fresh("start")
        }
        if let initial = view.initial, let start = topStart {
            dot +=
                "    \(start) [shape=point, width=0.15, label=\"\", "
                + "fillcolor=\(q(theme.edgeColor)), color=\(q(theme.edgeColor)), id=\"start\", class=\"start\"]\n"
            edges.append(startEdge(from: start, to: initial, clusters, ids))
        }
        emitStates(
            ids: &ids, clusters: clusters, startPoints: startPoints, helpers: helpers, selfAnchors: selfAnchors,
            exitPorts: exitPorts, edges: &edges, into: &dot)
        for helper in helpers[nil] ?? [] { dot += "    \(helper.line)\n" }
        dot += "\n"
        for line in edges + drawing.edges { dot += "    \(line)\n" }
        emitStubs(ids: &ids, drawing: drawing, into: &dot)
        dot += options.highlights.legend(indent: "    ", ids: &ids)
        dot += options.changes.legend(indent: "    ", ids: &ids)
        dot += "}\n"
        return dot
    }

    private func q(_ text: String) -> String { DOTEscaping.quotedLabel(text) }

    private func startEdge(from start: String, to state: Int, _ clusters: DiagramClusters, _ ids: DOTIdentifiers)
        -> String
    {
        guard let cluster = clusters[state] else { return "\(start) -> \(ids[machine.states[state].id])" }
        return "\(start) -> \(ids[machine.states[clusters.anchors[state] ?? state].id]) [lhead=\(cluster)]"
    }

    /// Clusters and nodes, nested as the machine nests its states; an explicit stack instead
    /// of recursion.
    private func emitStates(
        ids: inout DOTIdentifiers, clusters: DiagramClusters, startPoints: [Int: String],
        helpers: [Int?: [(name: String, line: String)]], selfAnchors: [Int: String], exitPorts: [Int: String],
        edges: inout [String], into dot: inout String
    ) {
        let activities = internalActivities()
        let indents = (0...Self.deepestIndentation + 1).map { String(repeating: "    ", count: $0) }
        func indentation(_ level: Int) -> String { indents[min(level, Self.deepestIndentation + 1)] }
        // Each frame lists a drawn state's drawn children and how far they have been written.
        var stack: [(owner: Int?, children: [Int], next: Int)] = [(nil, view.children(of: nil), 0)]
        // Invisible clusters around each line of a parallel state's regions, when they are
        // arranged in several lines: opened before a line's first region, closed after its last.
        var lineClusters = LineClusters()
        while let top = stack.last {
            let level = stack.count
            guard top.next < top.children.count else {
                stack.removeLast()
                if !stack.isEmpty { dot += "\(indentation(level - 1))}\n" }
                if let owner = top.owner, lineClusters.closing.contains(owner) { dot += "\(indentation(level - 1))}\n" }
                continue
            }
            stack[stack.count - 1].next += 1
            let number = top.children[top.next]
            let state = machine.states[number]
            let indent = indentation(level)
            let element = DiagramElementID.state(state.id)
            let identity = identityAttributes(number, activities: activities[number] ?? [])
            if let opening = lineClusters.opening[number] { dot += opening }
            if let cluster = clusters[number] {
                dot += "\(indent)subgraph \(cluster) {\n"
                let isRegion = isRegion(number)
                dot +=
                    "\(indent)    graph [label=\(label(of: state, activities: activities[number] ?? [])), "
                    + "style=\(isRegion ? "\"dashed,rounded\"" : "\"rounded,filled\""), "
                    + "fillcolor=\(q(theme.clusterFill)), color=\(q(theme.stateOutline)), "
                    + "fontsize=\(theme.fontSize), "
                    + (identity + options.highlights.attributes(for: state.id) + options.changes.stateAttributes(state))
                    .joined(separator: ", ") + "]\n"
                let children = view.children(of: number)
                let start = startPoints[number]
                if let initial = startingChild(of: number), let name = start {
                    dot +=
                        "\(indent)    \(name) [shape=point, width=0.12, label=\"\", "
                        + "fillcolor=\(q(theme.edgeColor)), color=\(q(theme.edgeColor)), "
                        + "id=\"\(element)-start\", class=\"start\"]\n"
                    edges.append(startEdge(from: name, to: initial, clusters, ids))
                    // A history state that nothing inside leads to would take the first rank of
                    // the whole drawing and stretch its compound state up to the top; hung
                    // below the start point, it stays with the compound's contents.
                    for child in children where [.history, .deepHistory].contains(machine.states[child].pseudoState) {
                        edges.append("\(name) -> \(ids[machine.states[child].id]) [style=invis]")
                    }
                }
                if let anchor = selfAnchors[number] {
                    dot +=
                        "\(indent)    \(anchor) [shape=point, width=0.06, label=\"\", "
                        + "fillcolor=\(q(theme.edgeColor)), color=\(q(theme.edgeColor)), "
                        + "id=\"\(element)-anchor\", class=\"anchor\", fsmviz_state=\"\(element)\"]\n"
                    // Above the start point, so the internal transitions start near the title.
                    if let start { edges.append("\(anchor) -> \(start) [style=invis]") }
                }
                if let port = exitPorts[number] {
                    dot +=
                        "\(indent)    \(port) [shape=point, style=invis, width=0, height=0, label=\"\", "
                        + "id=\"\(element)-exit\", class=\"exit\"]\n"
                }
                if state.isParallel {
                    let regions = children.filter { machine.states[$0].pseudoState == nil }
                    let names = ids
                    func contents(_ region: Int) -> [String] {
                        drawnNodes(
                            in: region, startPoints: startPoints, selfAnchors: selfAnchors, exitPorts: exitPorts, helpers: helpers,
                            ids: names)
                    }
                    switch options.regionArrangement {
                    case .rows:
                        // Graphviz keeps clusters in no particular order. An invisible node whose
                        // out-edges must keep their input order lines a row of regions up as
                        // written; many regions side by side make a strip, so they wrap into rows
                        // of about the square root of their number, each row's node after
                        // everything in the row above: a grid read like text. A history state of
                        // the parallel state itself takes its place in the row of the region it
                        // follows in the document: left alone, Graphviz puts it above or between
                        // the regions, where it reads as one of them out of order.
                        let perRow = Self.regionsPerRow(regions.count)
                        var rows: [[Int]] = [[]]
                        var placed = 0
                        for child in children where [nil, .history, .deepHistory].contains(machine.states[child].pseudoState) {
                            if machine.states[child].pseudoState == nil {
                                if placed > 0, placed.isMultiple(of: perRow) { rows.append([]) }
                                placed += 1
                            }
                            rows[rows.count - 1].append(child)
                        }
                        var above: [String] = []
                        var firstPeg: String?
                        for row in rows where !regions.isEmpty {
                            let order = ids.fresh("regions")
                            dot += "\(indent)    \(order) [shape=point, style=invis, width=0, height=0, label=\"\", ordering=out]\n"
                            for node in above { edges.append("\(node) -> \(order) [style=invis]") }
                            // Laid out again for density, the drawing is freer to reorder them; pegs in
                            // one rank, each after the one before, hold the row's order then. Their
                            // subgraph would inherit the parallel state's classes (a region's, when
                            // it is one) and be read as a region.
                            var pegs: [String] = []
                            for region in row {
                                let first = firstNode(of: region, startPoints: startPoints, clusters: clusters, ids: ids)
                                guard options.isCompact else {
                                    edges.append("\(order) -> \(first) [style=invis]")
                                    continue
                                }
                                let peg = ids.fresh("regions")
                                pegs.append(peg)
                                edges.append("\(order) -> \(peg) [style=invis]")
                                edges.append("\(peg) -> \(first) [style=invis, weight=\(Self.alignment)]")
                            }
                            if let start = pegs.first {
                                if let firstPeg { edges.append("\(firstPeg) -> \(start) [style=invis, weight=\(Self.alignment)]") }
                                firstPeg = start
                                dot +=
                                    "\(indent)    {rank=same; class=\"\"; "
                                    + pegs.map { "\($0) [shape=point, style=invis, width=0, height=0, label=\"\"]; " }.joined()
                                    + pegs.joined(separator: " -> ") + " [style=invis]}\n"
                            }
                            above = row.flatMap(contents)
                        }
                    case .stacked, .grid:
                        let perLine =
                            options.regionArrangement == .grid
                            ? Self.regionsPerRow(regions.count) : max(regions.count, 1)
                        let lines = stride(from: 0, to: regions.count, by: perLine).map {
                            Array(regions[$0..<min($0 + perLine, regions.count)])
                        }
                        stackLines(
                            lines, of: element, startPoints: startPoints, clusters: clusters, ids: &ids, lineClusters: &lineClusters, indent: indent,
                            contents: contents, edges: &edges, into: &dot)
                    }
                }
                for helper in helpers[number] ?? [] { dot += "\(indent)    \(helper.line)\n" }
                stack.append((number, children, 0))
                continue
            }
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
                    attributes = [
                        "label=\(q(state.displayName + "\n(" + count + ")"))", "style=\"rounded,filled,bold\"",
                    ]
                } else {
                    attributes = ["label=\(label(of: state, activities: activities[number] ?? []))"]
                }
                // One look for every final state, whatever its text: a double border.
                if state.kind == .final { attributes.append("peripheries=2") }
            }
            attributes += identity + options.highlights.attributes(for: state.id) + options.changes.stateAttributes(state)
            let node = "\(ids[state.id]) [\(attributes.joined(separator: ", "))]\n"
            if let cluster = clusters.regions[number] {
                dot += "\(indent)subgraph \(cluster) {\n"
                dot +=
                    "\(indent)    graph [label=\"\", style=\"dashed,rounded\", color=\(q(theme.stateOutline)), "
                    + "id=\"\(element)-region\", class=\"region-border\", tooltip=\"\", fsmviz_state=\"\", "
                    + "fsmviz_internal=\"\"]\n"
                dot += "\(indent)    \(node)"
                dot += "\(indent)}\n"
            } else {
                dot += "\(indent)\(node)"
            }
            if lineClusters.closing.contains(number) { dot += "\(indent)}\n" }
        }
    }

    /// The invisible clusters that hold each line of regions together, by region.
    private struct LineClusters {
        /// What to write before a line's first region: the cluster's opening and its gates.
        var opening: [Int: String] = [:]
        /// The last region of each line, after which its cluster closes.
        var closing: Set<Int> = []
    }

    /// Arranges a parallel state's regions in `lines`: each line stacked along the flow, one
    /// region after the other through invisible gates (ranks, which Graphviz never reorders),
    /// the lines side by side below one invisible node. Each region's first node is tied to
    /// the gates around it by heavy edges, which line the regions of a line up on one axis
    /// instead of letting transitions between them pull them into a staircase.
    private func stackLines(
        _ lines: [[Int]], of element: String, startPoints: [Int: String], clusters: DiagramClusters,
        ids: inout DOTIdentifiers,
        lineClusters: inout LineClusters, indent: String, contents: (Int) -> [String], edges: inout [String], into dot: inout String
    ) {
        let names = ids
        func first(_ region: Int) -> String { firstNode(of: region, startPoints: startPoints, clusters: clusters, ids: names) }
        let top = lines.count > 1 ? ids.fresh("regions") : nil
        if let top {
            dot += "\(indent)    \(top) [shape=point, style=invis, width=0, height=0, label=\"\"]\n"
        }
        for (number, line) in lines.enumerated() {
            var gates = ""
            for (earlier, later) in zip(line, line.dropFirst()) {
                let gate = ids.fresh("regions")
                gates += "\(indent)    \(gate) [shape=point, style=invis, width=0, height=0, label=\"\"]\n"
                let (above, below) = (first(earlier), first(later))
                for node in contents(earlier) {
                    edges.append("\(node) -> \(gate) [style=invis\(node == above ? ", weight=\(Self.alignment)" : "")]")
                }
                for node in contents(later) {
                    edges.append("\(gate) -> \(node) [style=invis\(node == below ? ", weight=\(Self.alignment)" : "")]")
                }
            }
            guard let top, let head = line.first, let last = line.last else {
                dot += gates
                continue
            }
            edges.append("\(top) -> \(first(head)) [style=invis]")
            lineClusters.opening[head] =
                "\(indent)subgraph \(ids.fresh("cluster_line")) {\n"
                + "\(indent)    graph [label=\"\", style=invis, id=\"\(element)-line-\(number)\", class=\"region-line\", "
                + "tooltip=\"\", fsmviz_state=\"\", fsmviz_internal=\"\"]\n" + gates
            lineClusters.closing.insert(last)
        }
    }

    /// The node a region's drawing begins with: its start point, else the leaf edges to it
    /// attach to.
    private func firstNode(
        of region: Int, startPoints: [Int: String], clusters: DiagramClusters, ids: DOTIdentifiers
    ) -> String {
        startPoints[region] ?? ids[machine.states[clusters.anchors[region] ?? region].id]
    }

    /// The weight of the invisible edges that line a stack of regions up: enough to outweigh
    /// the pull of every node of a region on its gates and of the transitions between regions.
    private static let alignment = 100

    /// How many regions of a parallel state share a row: all of up to three, else about the
    /// square root of their number, so the grid stays near square.
    static func regionsPerRow(_ count: Int) -> Int {
        count <= 3 ? max(count, 1) : Int(Double(count).squareRoot().rounded(.up))
    }

    /// The DOT names of every node drawn inside `region`: states, start points, anchors and
    /// transitions' helper nodes.
    private func drawnNodes(
        in region: Int, startPoints: [Int: String], selfAnchors: [Int: String], exitPorts: [Int: String],
        helpers: [Int?: [(name: String, line: String)]], ids: DOTIdentifiers
    ) -> [String] {
        var nodes: [String] = []
        var pending = [region]
        while let state = pending.popLast() {
            if view.isCluster(state) {
                nodes += [startPoints[state], selfAnchors[state], exitPorts[state]].compactMap { $0 }
                nodes += (helpers[state] ?? []).map(\.name)
                pending += view.children(of: state)
            } else {
                nodes.append(ids[machine.states[state].id])
            }
        }
        return nodes
    }

    /// The child a compound state's start point leads to: its initial child, unless that is an
    /// initial pseudo-state, which is drawn as the start point itself.
    private func startingChild(of state: Int) -> Int? {
        guard let initial = view.children(of: state).first(where: { machine.states[$0].kind == .initial }),
            machine.states[initial].pseudoState != .initial
        else { return nil }
        return initial
    }

    /// `id`, `class`, tooltip and the checker's attributes of state `number`'s element.
    private func identityAttributes(_ number: Int, activities: [Int]) -> [String] {
        let state = machine.states[number]
        var attributes = [
            "id=\(q(DiagramElementID.state(state.id)))", "class=\(q(classes(of: number)))",
            "fsmviz_state=\"\(DiagramElementID.state(state.id))\"",
        ]
        if let label = state.label, label != state.id.rawValue {
            attributes.append("tooltip=\(DOTEscaping.quotedTooltip(DiagramText.tooltip("\(label) (\(state.id.rawValue))", at: state.location)))")
        } else {
            attributes.append("tooltip=\(DOTEscaping.quotedTooltip(DiagramText.tooltip(state.id.rawValue, at: state.location)))")
        }
        // Graphviz copies a cluster's attributes into the clusters inside it, so a cluster says
        // "none" explicitly rather than inherit its parent's list.
        if !activities.isEmpty || view.isCluster(number) {
            attributes.append("fsmviz_internal=\"\(activities.map(String.init).joined(separator: " "))\"")
        }
        return attributes
    }

    /// The state's kind as CSS classes (docs/diagrams.md).
    private func classes(of number: Int) -> String {
        let state = machine.states[number]
        var classes = ["state"]
        switch state.pseudoState {
        case .initial?: classes.append("initial")
        case .history?: classes.append("history")
        case .deepHistory?: classes.append("deep-history")
        case nil:
            if view.collapsed[number] != nil {
                classes += ["compound", "collapsed"]
            } else if state.isParallel {
                classes.append("parallel")
            } else if view.isCluster(number) {
                classes.append("compound")
            } else {
                classes.append(state.kind == .final ? "final" : "atomic")
            }
        }
        if isRegion(number) { classes.append("region") }
        return classes.joined(separator: " ") + options.changes.className(options.changes.states[state.id])
    }

    private func isRegion(_ number: Int) -> Bool {
        let parent = machine.index.parents[number]
        return parent >= 0 && machine.states[parent].isParallel && machine.states[number].pseudoState == nil
    }

    /// Targetless transitions of each drawn state, by transition number, in declaration order.
    private func internalActivities() -> [Int: [Int]] {
        var activities: [Int: [Int]] = [:]
        for (number, transition) in machine.transitions.enumerated() where transition.isTargetless {
            let source = machine.index.sources[number]
            if view.shown[source] { activities[source, default: []].append(number) }
        }
        return activities
    }

    /// A state's name, with its entry and exit effects and internal activities in a
    /// compartment below it, UML style.
    private func label(of state: State, activities: [Int]) -> String {
        var lines: [String] = []
        if !state.entryEffects.isEmpty { lines += DiagramText.wrapped("entry / " + state.entryEffects.joined(separator: ", ")) }
        if !state.exitEffects.isEmpty { lines += DiagramText.wrapped("exit / " + state.exitEffects.joined(separator: ", ")) }
        for number in activities {
            lines += DiagramText.wrapped(DiagramText.transition(machine.transitions[number], in: machine))
        }
        let title = DiagramText.wrapped(state.displayName)
        guard !lines.isEmpty else { return q(title.joined(separator: "\n")) }
        return DiagramText.compartments(title: title, [lines])
    }

    /// A dashed edge to (or from) a small label for the transitions that lead out of (or come
    /// from) states out of view.
    private func emitStubs(ids: inout DOTIdentifiers, drawing: TransitionDrawing, into dot: inout String) {
        guard !view.stubs.isEmpty else { return }
        dot += "\n"
        for stub in view.stubs {
            guard let number = machine.number(of: stub.state) else { continue }
            for (count, outgoing) in [(stub.outgoing, true), (stub.incoming, false)] where count > 0 {
                let node = ids.fresh(outgoing ? "out_of_view" : "into_view")
                let noun = count == 1 ? "transition" : "transitions"
                let tooltip =
                    outgoing
                    ? "\(count) \(noun) from \(stub.state.rawValue) to states out of view"
                    : "\(count) \(noun) into \(stub.state.rawValue) from states out of view"
                dot +=
                    "    \(node) [shape=plaintext, style=\"\", label=\(q((outgoing ? "+\(count) out" : "+\(count) in"))), "
                    + "fontsize=\(theme.fontSize - 2), fontcolor=\(q(theme.edgeColor)), tooltip=\(DOTEscaping.quotedTooltip(tooltip)), class=\"stub\"]\n"
                let end = drawing.attachment(number, role: outgoing ? "ltail" : "lhead", ids)
                let attributes = (["style=dashed", "tooltip=\(DOTEscaping.quotedTooltip(tooltip))", "class=\"stub\""] + end.attributes)
                    .joined(separator: ", ")
                dot +=
                    outgoing
                    ? "    \(end.node) -> \(node) [\(attributes)]\n"
                    : "    \(node) -> \(end.node) [\(attributes)]\n"
            }
        }
    }
}
