internal import FSMDOT
internal import FSMCore

/// Makes Graphviz's SVG carry the machine: each state's and transition's group gets `data-`
/// attributes naming what it draws, and every `<title>` shows state ids and label text instead
/// of DOT's internal names (`cluster_0`, `transition_3_label`). docs/diagrams.md describes the
/// scheme.
///
/// Graphviz writes every group as `<g id="..." class="...">` on a line of its own, followed by
/// its `<title>` line; only those lines are rewritten, everything else passes through as is.
struct SVGAnnotator {
    let machine: Machine

    func annotate(_ svg: [UInt8]) -> [UInt8] {
        let text = String(decoding: svg, as: UTF8.self)
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        var pendingTitle: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let title = pendingTitle, line.hasPrefix("<title>"), line.hasSuffix("</title>") {
                output += "<title>" + DiagramText.escaped(title) + "</title>\n"
                pendingTitle = nil
                continue
            }
            pendingTitle = nil
            guard line.hasPrefix("<g id=\""), let annotation = annotation(ofGroup: line) else {
                output += line + "\n"
                continue
            }
            let attributes = annotation.data.map { " data-\($0.name)=\"\(DiagramText.escaped($0.value))\"" }.joined()
            output += line.dropLast() + attributes + ">\n"
            pendingTitle = annotation.title
        }
        output.removeLast()
        return Array(output.utf8)
    }

    private struct Annotation {
        var title: String
        var data: [(name: String, value: String)]
    }

    private func annotation(ofGroup line: Substring) -> Annotation? {
        guard line.hasSuffix("\">") else { return nil }
        let afterID = line.dropFirst(7)
        guard let quote = afterID.firstIndex(of: "\"") else { return nil }
        let id = afterID[..<quote].replacing("&#45;", with: "-")
        if let stateID = DiagramElementID.stateID(of: id), machine.state(stateID) != nil {
            return Annotation(title: stateID.rawValue, data: [("state", stateID.rawValue)])
        }
        guard let number = DiagramElementID.transitionIndex(of: id), machine.transitions.indices.contains(number)
        else { return nil }
        let transition = machine.transitions[number]
        let text = DiagramText.transition(transition, in: machine)
        var data: [(name: String, value: String)] = [
            ("transition", String(number)),
            ("source", DiagramElementID.state(transition.source)),
            ("targets", transition.targets.map(DiagramElementID.state).joined(separator: " ")),
        ]
        if let event = transition.event { data.append(("event", event.rawValue)) }
        let arrow = transition.source.rawValue + " → " + transition.targets.map(\.rawValue).joined(separator: ", ")
        return Annotation(title: id.hasSuffix("-label") ? text : (text.isEmpty ? arrow : arrow + ": " + text), data: data)
    }
}
