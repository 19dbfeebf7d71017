import Foundation
import TestSupport

/// The diagram languages' own parsers, run as separate processes on many diagrams at once, so
/// that thousands of diagrams cost one process start: Mermaid's parser (PyPI's
/// mermaid-parser-py, a Node bundle of Mermaid 11) and Debian's PlantUML. `scripts/setup`
/// installs both; CI must run them, elsewhere tests are skipped when they are missing.
enum DiagramParsers {
    /// Mermaid's parser: `FSMVIZ_MERMAID_PARSER`, or where `scripts/setup` unpacks it.
    static let mermaidBundle: String =
        ProcessInfo.processInfo.environment["FSMVIZ_MERMAID_PARSER"]
        ?? Golden.packageRoot.appendingPathComponent(".build/tools/mermaid-parser-py/0.0.4/mermaid_parser/js/parser.bundle.js").path
    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let plantUML = ["/usr/bin/plantuml", "/usr/local/bin/plantuml"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// CI must run the real parsers; elsewhere they are skipped when missing.
    static let required = ProcessInfo.processInfo.environment["CI"] != nil
    static let mermaidAvailable = node != nil && FileManager.default.fileExists(atPath: mermaidBundle)

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: - Mermaid

    /// What Mermaid's parser made of one diagram: its nodes and edges, or its error.
    struct MermaidGraph: Decodable {
        struct Node: Decodable {
            var id: String
            var label: String
            var parentId: String?
            var shape: String?
        }
        struct Edge: Decodable, Hashable {
            var start: String
            var end: String
            var label: String
        }
        var nodes: [Node]
        var edges: [Edge]
        var error: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            nodes = try container.decodeIfPresent([Node].self, forKey: .nodes) ?? []
            edges = try container.decodeIfPresent([Edge].self, forKey: .edges) ?? []
            error = try container.decodeIfPresent(String.self, forKey: .error)
        }

        private enum CodingKeys: String, CodingKey {
            case nodes, edges, error
        }
    }

    /// Parses `texts` with Mermaid's parser, one result per text.
    static func mermaid(_ texts: [String]) throws -> [MermaidGraph] {
        guard let node else { throw Failure(description: "node is missing") }
        let script = Golden.fixtures().appendingPathComponent("mermaid/parse.js").path
        let input = try JSONEncoder().encode(texts)
        let result = try CommandRunner.run([script, mermaidBundle], stdin: [UInt8](input), program: URL(fileURLWithPath: node))
        guard result.status == 0 else { throw Failure(description: "Mermaid's parser failed: \(result.stderr)") }
        let graphs = try JSONDecoder().decode([MermaidGraph].self, from: Data(result.stdout))
        guard graphs.count == texts.count else {
            throw Failure(description: "Mermaid's parser returned \(graphs.count) results for \(texts.count) diagrams")
        }
        return graphs
    }

    /// A label as Mermaid draws it: the parser keeps `#code;` entities as placeholders
    /// (`ﬂ°°code¶ß`) and line breaks as `<br/>` until it draws; decode them as it does.
    static func decodedMermaid(_ label: String) -> String {
        var text = label.replacingOccurrences(of: "<br/>", with: "\n")
        while let start = text.range(of: "ﬂ°°"), let end = text.range(of: "¶ß", range: start.upperBound..<text.endIndex),
            let code = UInt32(text[start.upperBound..<end.lowerBound]), let scalar = Unicode.Scalar(code)
        {
            text.replaceSubrange(start.lowerBound..<end.upperBound, with: String(Character(scalar)))
        }
        return text
    }

    // MARK: - PlantUML

    /// A diagram of another kind between ours: its verdict marks where one diagram's ends.
    private static let separator = "@startuml\nAlice -> Bob\n@enduml\n"

    /// PlantUML's syntax verdict for each of `texts` (`STATE` and a count, or `ERROR`, the
    /// line and the message), from one `plantuml -syntax` run.
    static func plantUMLSyntax(_ texts: [String]) throws -> [String] {
        guard let plantUML else { throw Failure(description: "plantuml is missing") }
        let input = texts.map { $0 + separator }.joined()
        let result = try CommandRunner.run(["-syntax", "-pipe"], stdin: Array(input.utf8), program: URL(fileURLWithPath: plantUML))
        var verdicts: [String] = []
        var current: [String] = []
        var lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next() {
            if line == "SEQUENCE" {
                _ = lines.next()
                verdicts.append(current.joined(separator: "\n"))
                current = []
            } else {
                current.append(String(line))
            }
        }
        guard verdicts.count == texts.count else {
            throw Failure(description: "PlantUML gave \(verdicts.count) verdicts for \(texts.count) diagrams: \(result.stdoutText)")
        }
        return verdicts
    }

    /// Each of `texts` drawn by PlantUML as SVG, from one `plantuml -tsvg` run.
    static func plantUMLSVG(_ texts: [String]) throws -> [String] {
        guard let plantUML else { throw Failure(description: "plantuml is missing") }
        let delimiter = "FSMVIZ-DIAGRAM-END"
        let result = try CommandRunner.run(
            ["-tsvg", "-pipe", "-pipedelimitor", delimiter], stdin: Array(texts.joined().utf8),
            program: URL(fileURLWithPath: plantUML))
        var images = result.stdoutText.components(separatedBy: delimiter)
        if images.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { images.removeLast() }
        guard images.count == texts.count else {
            throw Failure(description: "PlantUML drew \(images.count) images for \(texts.count) diagrams: \(result.stderr)")
        }
        return images
    }

    /// Whether Graphviz loses an edge of `text` in PlantUML's own layout: PlantUML hands `dot`
    /// a graph of its own (`-debugsvek` writes it), and where `dot` cannot route an edge
    /// ("lost … edge"), PlantUML silently draws neither the edge nor its label.
    static func plantUMLLayoutLosesAnEdge(_ text: String) throws -> Bool {
        guard let plantUML else { throw Failure(description: "plantuml is missing") }
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(text.utf8).write(to: directory.appendingPathComponent("diagram.puml"))
        _ = try CommandRunner.run(["-debugsvek", "-tsvg", "diagram.puml"], in: directory, program: URL(fileURLWithPath: plantUML))
        let layout = directory.appendingPathComponent("diagram_svek.dot")
        guard FileManager.default.fileExists(atPath: layout.path) else {
            throw Failure(description: "plantuml -debugsvek wrote no diagram_svek.dot")
        }
        let dot = try CommandRunner.run(["dot", "-Tsvg", "-o", "/dev/null", layout.path], program: URL(fileURLWithPath: "/usr/bin/env"))
        return dot.stderr.contains("lost ") && dot.stderr.contains(" edge")
    }
}
