import FSMCore
// A machine read from fuzzed JSON is written as DOT and read back by Graphviz's own parser:
// the graph must have exactly the nodes and edges fsmviz wrote, with every state's label.
import FSMDOT
import FSMRendering
import FuzzSupport

let renderer = GraphvizRenderer()

/// The statement kind of one line of fsmviz's DOT: fsmviz writes one statement per line, each
/// starting with an identifier (bare, or quoted with `\"` escapes) for nodes and edges.
enum Statement { case node, edge, other }

func statement(_ line: Substring) -> Statement {
    var rest = line.drop { $0 == " " }
    if rest.first == "\"" {
        rest = rest.dropFirst()
        var escaped = false
        while let character = rest.first {
            rest = rest.dropFirst()
            if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { break }
        }
    } else {
        let identifier = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !identifier.isEmpty, !["graph", "node", "edge", "subgraph", "digraph"].contains(String(identifier)) else { return .other }
        rest = rest.dropFirst(identifier.count)
    }
    if rest.hasPrefix(" -> ") { return .edge }
    if rest.hasPrefix(" [") { return .node }
    return .other
}

/// A DOT label's text as Graphviz draws it (`\n`, `\l` and `\r` end lines, `\\` and `\"` are
/// a backslash and a quote; Graphviz's lexer has already turned `\"` into `"` in what it read),
/// without white space: wrapping long labels turns spaces into line breaks and cuts long words.
func unwrapped(_ label: String) -> String {
    var text = ""
    var escaped = false
    for character in label {
        if escaped {
            escaped = false
            switch character {
            case "n", "l", "r": continue
            case "\\", "\"": text.append(character)
            default: text += "\\" + String(character)
            }
        } else if character == "\\" {
            escaped = true
        } else if !character.isWhitespace {
            text.append(character)
        }
    }
    return text
}

/// An HTML-like label's text without its line breaks and white space.
func withoutBreaks(_ html: String) -> String {
    html.replacing("<BR/>", with: "").filter { !$0.isWhitespace }
}

runFuzzer { bytes in
    guard let machine = try? MachineFileLoader.load(bytes: bytes, format: .json, path: "fuzz.json") else { return }
    for style in DOTStyle.allCases {
        let dot = DOTWriter(options: DOTOptions(style: style)).write(machine)
        let parsed: ParsedGraph
        do {
            parsed = try renderer.parse(dot: dot)
        } catch {
            require(false, "Graphviz rejected fsmviz's DOT (\(style)): \(error)\n\(dot)")
            return
        }
        let kinds = dot.split(separator: "\n").map(statement)
        let nodes = kinds.filter { $0 == .node }.count
        let edges = kinds.filter { $0 == .edge }.count
        require(parsed.nodes.count == nodes, "\(parsed.nodes.count) nodes read back, \(nodes) written (\(style))\n\(dot)")
        require(parsed.edges.count == edges, "\(parsed.edges.count) edges read back, \(edges) written (\(style))\n\(dot)")
        // Labels are compared as drawn, without the white space where long ones are wrapped. A
        // state with activities has an HTML-like label whose first cell is its name.
        let labels = Set(parsed.nodes.map { unwrapped($0.label) })
        let tables = parsed.nodes.map(\.label).filter { $0.hasPrefix("<") }.map(withoutBreaks)
        for state in machine.states where !machine.isCompound(state.id) {
            let expected = unwrapped(String(DOTEscaping.quotedLabel(state.displayName).dropFirst().dropLast()))
            // The cell keeps the name's own line breaks as `<BR/>`; only other controls become pictures.
            let unbroken = state.displayName.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
            let cell = "<TD>" + withoutBreaks(DiagramText.escaped(unbroken)) + "</TD>"
            require(
                labels.contains(expected) || tables.contains { $0.contains(cell) },
                "label of \(state.id) lost (\(style)): expected \(expected)")
        }
    }
}
