// A machine read from fuzzed JSON is written as DOT and read back by Graphviz's own parser:
// the graph must have exactly the nodes and edges fsmviz wrote, with every state's label.
import DOTExport
import FSMCore
import FuzzSupport
import Rendering

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
        let labels = Set(parsed.nodes.map(\.label))
        for state in machine.states where !machine.isCompound(state.id) {
            // Graphviz's lexer turns `\"` back into `"` and keeps every other escape for the
            // label renderer.
            let written = String(DOTEscaping.quotedLabel(state.displayName).dropFirst().dropLast())
            let stored = written.replacing("\\\"", with: "\"")
            require(labels.contains(stored), "label of \(state.id) lost (\(style)): expected \(stored)")
        }
    }
}
