internal import FSMCore
internal import FSMDOT

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
        // Works on the bytes: a rendered SVG is mostly lines that pass through unchanged, and
        // splitting it into Swift strings and joining them again took a fifth of a batch of
        // small renders. Lines end where `String.split(separator: "\n")` ends them, at a line
        // feed that does not follow a carriage return (CR LF is one character to Swift).
        let (lineFeed, carriageReturn) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"))
        var output: [UInt8] = []
        output.reserveCapacity(svg.count + svg.count / 8)
        var pendingTitle: String?
        var start = 0
        while true {
            var end = start
            while end < svg.count, svg[end] != lineFeed || (end > start && svg[end - 1] == carriageReturn) { end += 1 }
            let line = svg[start..<end]
            if let title = pendingTitle, line.starts(with: Self.titleOpen),
                line.count >= Self.titleClose.count, line.suffix(Self.titleClose.count).elementsEqual(Self.titleClose)
            {
                output += Self.titleOpen
                output += DiagramText.escaped(title).utf8
                output += Self.titleClose
                pendingTitle = nil
            } else if line.starts(with: Self.groupOpen), let annotation = annotation(ofGroup: line) {
                output += line[line.startIndex..<line.endIndex - 1]
                for (name, value) in annotation.data {
                    output += " data-\(name)=\"\(DiagramText.escaped(value))\"".utf8
                }
                output.append(UInt8(ascii: ">"))
                pendingTitle = annotation.title
            } else {
                output += line
                pendingTitle = nil
            }
            guard end < svg.count else { break }
            output.append(lineFeed)
            start = end + 1
        }
        return output
    }

    private static let titleOpen = Array("<title>".utf8)
    private static let titleClose = Array("</title>".utf8)
    private static let groupOpen = Array("<g id=\"".utf8)
    private static let escapedHyphen = Array("&#45;".utf8)

    private struct Annotation {
        var title: String
        var data: [(name: String, value: String)]
    }

    private func annotation(ofGroup line: ArraySlice<UInt8>) -> Annotation? {
        let quoteByte = UInt8(ascii: "\"")
        guard line.count > Self.groupOpen.count + 1, line.suffix(2).elementsEqual([quoteByte, UInt8(ascii: ">")])
        else { return nil }
        let afterID = line.dropFirst(Self.groupOpen.count)
        guard let quote = afterID.firstIndex(of: quoteByte) else { return nil }
        // Graphviz writes an id's hyphens as `&#45;`.
        var idBytes: [UInt8] = []
        idBytes.reserveCapacity(quote - afterID.startIndex)
        var position = afterID.startIndex
        while position < quote {
            if afterID[position..<quote].starts(with: Self.escapedHyphen) {
                idBytes.append(UInt8(ascii: "-"))
                position += Self.escapedHyphen.count
            } else {
                idBytes.append(afterID[position])
                position += 1
            }
        }
        let id = String(decoding: idBytes, as: UTF8.self)
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
