internal import FSMCore

/// EFStateMachine's flow diagram: node 0 is the start, then states as boxes and events as
/// ovals, numbered in declaration order; each transition is drawn as a headless edge from its
/// source state into the event's oval and an arrow from the oval to each target. A partial
/// view keeps its states and transitions; it has no stubs in this style.
struct FlowDiagram {
    let view: DiagramView
    let rankDirection: RankDirection
    let highlights: DOTHighlights

    private var machine: Machine { view.machine }

    func render() -> String {
        var numbers: [StateID: Int] = [:]
        var nodes = ""
        var next = 1
        for state in view.shownStates.map({ machine.states[$0] }) {
            numbers[state.id] = next
            let extra = highlights.attributes(for: state.id).map { ", " + $0 }.joined()
            nodes += "    \(next) [label=\(DOTEscaping.quotedLabel(state.displayName)), shape=box\(extra)]\n"
            next += 1
        }
        var eventNumbers: [EventID: Int] = [:]
        for event in machine.events {
            eventNumbers[event.id] = next
            nodes += "    \(next) [label=\(DOTEscaping.quotedLabel(event.displayName)), shape=oval]\n"
            next += 1
        }

        var links: [String] = []
        var drawn: Set<String> = []
        func link(_ line: String) {
            if drawn.insert(line).inserted { links.append(line) }
        }
        // Grouped by event, as EFStateMachine draws each registered action's sources and
        // targets together.
        var byEvent: [EventID: [Transition]] = [:]
        var automatic: [Transition] = []
        for edge in view.edgeTransitions.indices {
            var transition = machine.transitions[view.edgeTransitions[edge]]
            transition.source = machine.states[view.edgeSources[edge]].id
            transition.targets = view.targets(ofEdge: edge).map { machine.states[$0].id }
            if let event = transition.event {
                byEvent[event, default: []].append(transition)
            } else {
                automatic.append(transition)
            }
        }
        for (event, action) in eventNumbers.sorted(by: { $0.value < $1.value }) {
            for transition in byEvent[event] ?? [] {
                link("\(numbers[transition.source] ?? 0) -> \(action) [arrowhead=none]")
                for target in transition.targets { link("\(action) -> \(numbers[target] ?? 0)") }
            }
        }
        for transition in automatic {
            for target in transition.targets {
                link("\(numbers[transition.source] ?? 0) -> \(numbers[target] ?? 0)")
            }
        }

        var dot = "digraph {\n"
        dot += "    graph [rankdir=\(rankDirection.rawValue)]\n\n"
        // The start point only when the initial state is in view.
        if let initial = view.initial {
            dot += "    0 [label=\"\", shape=plaintext]\n"
            dot += "    0 -> \(numbers[machine.states[initial].id] ?? 0)\n"
        }
        dot += "\n"
        dot += "    # node\n" + nodes + "\n\n"
        dot += "    # links\n"
        for line in links { dot += "    \(line)\n" }
        dot += "\n}\n"
        return dot
    }
}
