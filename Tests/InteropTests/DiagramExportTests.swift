import FSMCore
import Foundation
@testable import Interop
import TestSupport
import Testing

/// Mermaid and PlantUML output, checked by the languages' own parsers where this machine has
/// them (Mermaid's parser from PyPI's mermaid-parser-py run by Node, PlantUML from Debian;
/// `scripts/setup` installs both), and by the grammar rules fsmviz relies on everywhere.
@Suite struct DiagramExportTests {
    /// Mermaid's parser: `FSMVIZ_MERMAID_PARSER`, or where `scripts/setup` unpacks it.
    static let mermaidBundle: String = ProcessInfo.processInfo.environment["FSMVIZ_MERMAID_PARSER"]
        ?? Golden.packageRoot.appendingPathComponent(".build/tools/mermaid-parser-py/0.0.4/mermaid_parser/js/parser.bundle.js").path
    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let plantUML = ["/usr/bin/plantuml", "/usr/local/bin/plantuml"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// CI must run the real parsers; elsewhere they are skipped when missing.
    static let required = ProcessInfo.processInfo.environment["CI"] != nil
    static let mermaidAvailable = node != nil && FileManager.default.fileExists(atPath: mermaidBundle)

    /// Machines to export: the samples, the XState configs, nested corpus machines and one
    /// whose names no diagram language takes raw.
    static func machines() throws -> [(String, Machine)] {
        var machines = try Golden.sampleFiles().map { ($0.lastPathComponent, try MachineReader.read(path: $0.path).machine) }
        for config in try XStateTests.configs() {
            machines.append((config, try MachineReader.read(path: XStateTests.directory.appendingPathComponent(config).path).machine))
        }
        for file in CorpusTests.goldenFiles {
            machines.append((file, try MachineReader.read(path: Golden.corpusDirectory.appendingPathComponent(file).path).machine))
        }
        machines.append(("hostile", try hostile()))
        return machines
    }

    static let hostileNames = [
        "state", "end", "note", "a b", "a.b", "1x", "x--y", "say \"hi\"", "colon: x", "semi;colon", "hash #1", "50%",
        "{brace}", "<b>html</b>", "a & b", "back\\slash", "😀 face", "new\nline", "[*]", "-->", "%% c",
    ]

    static func hostile() throws -> Machine {
        var states = [State("start", kind: .initial, entryEffects: ["init: a; b"], exitEffects: ["#tidy"])]
        var transitions: [Transition] = []
        for (index, name) in hostileNames.enumerated() {
            states.append(State(StateID(name), kind: index % 5 == 4 ? .final : .normal))
            transitions.append(
                Transition(from: "start", on: EventID("on \(name)"), to: StateID(name), guard: "g: \(name)", effects: [name]))
        }
        states += [
            State("P", isParallel: true), State("R1", parent: "P"), State("R2", parent: "P"),
            State("H", parent: "R1", pseudoState: .deepHistory), State("r1a", kind: .initial, parent: "R1"),
            State("r2a", kind: .initial, parent: "R2"),
        ]
        transitions += [
            Transition(from: "start", on: "fork", to: ["r1a", "r2a"]),
            Transition(from: "start", on: "pick", to: ["a b", "a.b"]),
            Transition(from: "r1a", on: "back", to: "H"),
            Transition(from: "H", on: nil, to: "r1a"),
        ]
        return try Machine(name: "Hostile \"names\": #1", states: states, transitions: transitions)
    }

    // MARK: - Mermaid

    struct ParsedGraph: Decodable {
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
    }

    static func run(_ executable: String, _ arguments: [String], input: String) throws -> CommandRunner.Result {
        try CommandRunner.run(arguments, stdin: Array(input.utf8), program: URL(fileURLWithPath: executable))
    }

    /// Mermaid keeps `#code;` entities as placeholders until it draws; decode them as it does.
    static func decoded(_ label: String) -> String {
        var text = label.replacingOccurrences(of: "<br/>", with: "\n")
        while let start = text.range(of: "ﬂ°°"), let end = text.range(of: "¶ß", range: start.upperBound..<text.endIndex),
            let code = UInt32(text[start.upperBound..<end.lowerBound]), let scalar = Unicode.Scalar(code)
        {
            text.replaceSubrange(start.lowerBound..<end.upperBound, with: String(Character(scalar)))
        }
        return text
    }

    @Test(.enabled(if: mermaidAvailable || required, "Mermaid's parser is not installed; scripts/setup installs it"))
    func mermaidsOwnParserReadsEveryExportAsDrawn() throws {
        let node = try #require(Self.node, "node is missing")
        #expect(FileManager.default.fileExists(atPath: Self.mermaidBundle), "missing \(Self.mermaidBundle); run scripts/setup")
        let script = Golden.fixtures().appendingPathComponent("mermaid/parse.js").path
        for (name, machine) in try Self.machines() {
            let text = try MermaidExporter().write(machine).text
            let result = try Self.run(node, [script, Self.mermaidBundle], input: text)
            guard result.status == 0 else {
                Issue.record("Mermaid rejected \(name): \(result.stderr)\n\(text)")
                continue
            }
            let graph = try JSONDecoder().decode(ParsedGraph.self, from: Data(result.stdout))
            let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }) { first, _ in first }
            let ids = DiagramIdentifiers(machine.states.map(\.id), reserved: MermaidExporter.reserved)
            /// The composite a node sits in, looking through the dividers between regions.
            func parent(of id: String) -> String? {
                var current = nodes[id]?.parentId
                while let candidate = current, nodes[candidate]?.shape == "divider" { current = nodes[candidate]?.parentId }
                return current
            }
            for state in machine.states where state.pseudoState != .initial {
                let found = nodes[ids[state.id]]
                #expect(found != nil, "\(name): no node for '\(state.id)'")
                let expected = state.pseudoState.map(TransitionText.historyMark) ?? state.displayName
                #expect(found.map { Self.decoded($0.label) } == expected, "\(name): label of '\(state.id)'")
                #expect(parent(of: ids[state.id]) == state.parent.map { ids[$0] }, "\(name): parent of '\(state.id)'")
            }
            let edges = Set(graph.edges.map { ParsedGraph.Edge(start: $0.start, end: $0.end, label: Self.decoded($0.label)) })
            for transition in machine.transitions where transition.targets.count == 1
                && machine.state(transition.source)?.pseudoState != .initial
            {
                let edge = ParsedGraph.Edge(
                    start: ids[transition.source], end: ids[transition.targets[0]],
                    label: TransitionText.label(transition, in: machine))
                #expect(edges.contains(edge), "\(name): no edge \(edge)")
            }
        }
    }

    // MARK: - PlantUML

    @Test(.enabled(if: plantUML != nil || required, "PlantUML is not installed; scripts/setup installs it"))
    func plantUMLsOwnParserAcceptsEveryExport() throws {
        let plantUML = try #require(Self.plantUML, "plantuml is missing")
        for (name, machine) in try Self.machines() {
            let text = try PlantUMLExporter().write(machine).text
            let result = try Self.run(plantUML, ["-syntax", "-pipe"], input: text)
            let verdict = result.stdoutText
            #expect(verdict.hasPrefix("STATE"), "\(name): \(verdict)\n\(text)")
        }
    }

    // MARK: - Grammar rules relied on, without the tools

    @Test func mermaidTextKeepsOnlyCharactersItsGrammarTakesRaw() {
        #expect(MermaidExporter.escaped("go [ready] / start, stop") == "go [ready] / start, stop")
        #expect(MermaidExporter.escaped("say \"hi\": a;b #1 %% {x} <b> & |") == "say #34;hi#34;#58; a#59;b #35;1 #37;#37; #123;x#125; #60;b#62; #38; #124;")
        #expect(MermaidExporter.escaped("line\nbreak") == "line<br/>break")
        #expect(MermaidExporter.escaped("Zürich 😀") == "Zürich #128512;")
    }

    @Test func plantUMLTextUsesCreoleEntities() {
        #expect(PlantUMLExporter.escaped("a \"b\": c\\d") == "a &#34;b&#34;&#58; c&#92;d")
        #expect(PlantUMLExporter.escaped("two\nlines") == "two\\nlines")
    }

    @Test func identifiersArePlainWordsThatAreNoKeywords() {
        let ids = DiagramIdentifiers(["Idle", "state", "a b", "a_b", "1x", "a.b", "😀"], reserved: MermaidExporter.reserved)
        #expect(["Idle", "state", "a b", "a_b", "1x", "a.b", "😀"].map { ids[StateID($0)] } == ["Idle", "s_state", "a_b_2", "a_b", "s_1x", "a_b_3", "_"])
    }

    @Test(arguments: ["amplify-auth.yaml", "ef-load-state.json"])
    func samplesMatchTheirGoldenDiagrams(sample: String) throws {
        let machine = try MachineReader.read(path: Golden.samplesDirectory.appendingPathComponent(sample).path).machine
        Golden.check(try MermaidExporter().write(machine).text, against: Golden.fixtures().appendingPathComponent("diagrams/\(sample).mmd"))
        Golden.check(try PlantUMLExporter().write(machine).text, against: Golden.fixtures().appendingPathComponent("diagrams/\(sample).puml"))
    }

    @Test func nestedParallelAndHistoryMachinesMatchTheirGoldenDiagrams() throws {
        for (name, machine) in try Self.machines() where ["payment.json", "word-processor.json", "hostile", "w3c-irp/mandatory/test364.scxml"].contains(name) {
            let file = name.replacingOccurrences(of: "/", with: "_")
            Golden.check(try MermaidExporter().write(machine).text, against: Golden.fixtures().appendingPathComponent("diagrams/\(file).mmd"))
            Golden.check(try PlantUMLExporter().write(machine).text, against: Golden.fixtures().appendingPathComponent("diagrams/\(file).puml"))
        }
    }
}
