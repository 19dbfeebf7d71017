import FSMCore
import Foundation
import TestSupport
import Testing

@testable import FSMInterop

/// Mermaid and PlantUML output, checked by the languages' own parsers where this machine has
/// them (Mermaid's parser from PyPI's mermaid-parser-py run by Node, PlantUML from Debian;
/// `scripts/setup` installs both), and by the grammar rules fsmviz relies on everywhere.
@Suite struct DiagramExportTests {
    /// Machines to export: the samples, the XState configs, every corpus machine and one whose
    /// names no diagram language takes raw.
    static func machines() throws -> [(String, Machine)] {
        var machines = try Golden.sampleFiles().map { ($0.lastPathComponent, try MachineReader.read(path: $0.path).machine) }
        for config in try XStateTests.configs() {
            machines.append((config, try MachineReader.read(path: XStateTests.directory.appendingPathComponent(config).path).machine))
        }
        // Every corpus machine fsmviz reads (the refused ones are CorpusTests' business).
        for file in Golden.corpusFiles() {
            if let machine = try? MachineReader.read(path: Golden.corpusFile(file).path).machine { machines.append((file, machine)) }
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
            // Regions that are single states, which PlantUML links only inside their block.
            State("Q", isParallel: true), State("qa", parent: "Q"), State("qb", parent: "Q"),
        ]
        transitions += [
            Transition(from: "start", on: "fork", to: ["r1a", "r2a"]),
            Transition(from: "start", on: "pick", to: ["a b", "a.b"]),
            Transition(from: "r1a", on: "back", to: "H"),
            // A choice whose source is inside a parallel region: its node is outside the region.
            Transition(from: "r2a", on: "leave", to: ["a b", "start"]),
            Transition(from: "r2a", on: "restart", to: ["r1a", "r2a"]),
            Transition(from: "H", on: nil, to: "r1a"),
            Transition(from: "start", on: "split", to: "Q"),
            Transition(from: "qa", on: "again", to: "qa"),
            Transition(from: "qa", on: "across", to: "qb"),
        ]
        return try Machine(name: "Hostile \"names\": #1", states: states, transitions: transitions)
    }

    // MARK: - Mermaid

    @Test(.enabled(if: DiagramParsers.mermaidAvailable || DiagramParsers.required, "Mermaid's parser is not installed; scripts/setup --test installs it"))
    func mermaidsOwnParserReadsEveryExportAsDrawn() throws {
        let machines = try Self.machines()
        let texts = try machines.map { try MermaidExporter().write($0.1).text }
        for ((name, machine), (text, graph)) in zip(machines, zip(texts, try DiagramParsers.mermaid(texts))) {
            if let error = graph.error {
                Issue.record("Mermaid rejected \(name): \(error)\n\(text)")
                continue
            }
            let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }) { first, _ in first }
            let ids = MermaidExporter.identifiers(machine.states.map(\.id))
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
                #expect(found.map { DiagramParsers.decodedMermaid($0.label) } == expected, "\(name): label of '\(state.id)'")
                #expect(parent(of: ids[state.id]) == state.parent.map { ids[$0] }, "\(name): parent of '\(state.id)'")
            }
            let edges = Set(graph.edges.map { DiagramParsers.MermaidGraph.Edge(start: $0.start, end: $0.end, label: DiagramParsers.decodedMermaid($0.label)) })
            for transition in machine.transitions
            where transition.targets.count == 1
                && machine.state(transition.source)?.pseudoState != .initial && !machine.keepsSourceActive(transition)
            {
                let edge = DiagramParsers.MermaidGraph.Edge(
                    start: ids[transition.source], end: ids[transition.targets[0]],
                    label: TransitionText.label(transition, in: machine))
                #expect(edges.contains(edge), "\(name): no edge \(edge)")
            }
        }
    }

    // MARK: - PlantUML

    @Test(.enabled(if: DiagramParsers.plantUML != nil || DiagramParsers.required, "PlantUML is not installed; scripts/setup --test installs it"))
    func plantUMLsOwnParserAcceptsEveryExport() throws {
        let machines = try Self.machines()
        let texts = try machines.map { try PlantUMLExporter().write($0.1).text }
        for ((name, _), (text, verdict)) in zip(machines, zip(texts, try DiagramParsers.plantUMLSyntax(texts))) {
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

    @Test func mermaidTextKeepsItsEdgesEmptinessAndNotes() {
        #expect(MermaidExporter.escaped(" padded ") == "#32;padded#32;", "Mermaid trims labels")
        #expect(MermaidExporter.escaped("") == "#8203;", "Mermaid has no empty label")
        #expect(MermaidExporter.noteLine("send note; END NOTE") == "send#32;note#59; END#32;NOTE", "a note ends at the first end note")
    }

    @Test func plantUMLTextUsesCodesAndKeepsCreoleMarkupAsText() {
        #expect(PlantUMLExporter.escaped("a \"b\": c\\d $1") == "a <U+0022>b<U+0022><U+003A> c<U+005C>d <U+0024>1")
        #expect(PlantUMLExporter.escaped("two\nlines") == "two\\nlines")
        #expect(PlantUMLExporter.escaped("😀") == "<U+1F600>", "no truncation above U+FFFF")
        #expect(
            PlantUMLExporter.escaped("**bold** //it// --x-- __u__ [[link]] go-live a/b")
                == "<U+002A><U+002A>bold*<U+002A> /<U+002F>it/<U+002F> -<U+002D>x-<U+002D> _<U+005F>u_<U+005F> [<U+005B>link]] go-live a/b")
        #expect(PlantUMLExporter.escaped("* item\n= heading") == "<U+002A> item\\n<U+003D> heading")
        #expect(PlantUMLExporter.escaped(" x ") == "<U+0020>x<U+0020>")
        #expect(PlantUMLExporter.escaped("") == "<U+200B>")
        #expect(PlantUMLExporter.escaped("nul\u{0}") == "nul<U+2400>")
        #expect(PlantUMLExporter.escaped("~@startuml") == "<U+007E><U+007E><U+0040>startuml")
        #expect(PlantUMLExporter.escaped("!include x") == "<U+0021>include x", "PlantUML's preprocessor reads `!` lines anywhere")
        #expect(PlantUMLExporter.escaped("note/'/ it's") == "note/<U+0027>/ it's", "`/'` opens a PlantUML block comment")
        #expect(PlantUMLExporter.title(",/") == "<U+002C>/")
        #expect(PlantUMLExporter.noteLines("a\nend note\n\n'quote") == ["a", "<U+0065>nd note", "", "<U+0027>quote"])
    }

    @Test func identifiersArePlainWordsThatAreNoKeywords() {
        let ids = MermaidExporter.identifiers(["Idle", "state", "a b", "a_b", "1x", "a.b", "😀", "game_start", "x.end"])
        #expect(
            ["Idle", "state", "a b", "a_b", "1x", "a.b", "😀", "game_start", "x.end"].map { ids[StateID($0)] }
                == ["Idle", "s_state", "a_b_2", "a_b", "s_1x", "a_b_3", "_", "game_start_", "x_end_"],
            "Mermaid names a composite's start and end X_start and X_end")
    }

    /// Targetless and internal transitions are listed inside their state, as UML's internal
    /// activities, never drawn as loops; every other transition is its own edge, even beside
    /// another between the same states.
    @Test func targetlessAndInternalTransitionsAreInternalActivities() throws {
        let machine = try MachineFileLoader.load(
            bytes: Array(
                """
                initial: Editor
                states:
                  - {id: Editor, initial: Clean, entry: open}
                  - {id: Clean, parent: Editor}
                  - {id: Dirty, parent: Editor}
                transitions:
                  - {from: Clean, event: type, to: Dirty}
                  - {from: Clean, to: Dirty, guard: autosaved}
                  - {from: Editor, event: tick, guard: visible, effects: autosave}
                  - {from: Dirty, event: noop}
                  - {from: Editor, event: revert, to: Clean, type: internal}
                  - {from: Editor, event: reload, to: Clean}
                """.utf8), format: .yaml, path: "editor.yaml")
        let mermaid = try MermaidExporter().write(machine).text
        #expect(
            mermaid.contains(
                """
                    note right of Editor
                        entry / open
                        tick [visible] / autosave
                        revert (to Clean)
                    end note

                """), "\(mermaid)")
        #expect(mermaid.contains("        note right of Dirty\n            noop\n        end note\n"), "\(mermaid)")
        let plantUML = try PlantUMLExporter().write(machine).text
        for line in ["Editor : entry / open", "Editor : tick [visible] / autosave", "Editor : revert (to Clean)", "Dirty : noop"] {
            #expect(plantUML.contains("    \(line)\n"), "\(plantUML)")
        }
        for text in [mermaid, plantUML] {
            let edges = text.split(separator: "\n").filter { $0.contains("-->") && !$0.contains("[*]") }
            #expect(
                edges.map { $0.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces) } == ["Clean --> Dirty", "Clean --> Dirty", "Editor --> Clean"],
                "\(text)")
        }
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
