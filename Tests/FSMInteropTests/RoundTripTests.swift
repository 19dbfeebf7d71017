import FSMCore
import FSMInterop
import Foundation
import TestSupport
import Testing

/// file → model → file → model gives an equal model, for SCXML and for machine files.
@Suite struct RoundTripTests {
    static let scxmlFiles = Golden.corpusFiles().filter { $0.hasSuffix(".scxml") && CorpusTests.expectedRefusals[$0] == nil }

    @Test func everyCorpusSCXMLFileRoundTripsThroughSCXML() throws {
        #expect(Self.scxmlFiles.count == 208)
        for file in Self.scxmlFiles {
            let original = try MachineReader.read(path: Golden.corpusFile(file).path).machine
            let written = try SCXMLExporter().write(original)
            let reread = try SCXMLImporter().read(Array(written.text.utf8), path: "rewritten.scxml")
            #expect(try Unlocated.machine(reread.machine) == Unlocated.machine(original), "\(file)\n\(written.text)")
            #expect(reread.warnings.isEmpty, "\(file): \(reread.warnings)")
            // Writing is stable: the rewritten machine writes the same text.
            #expect(try SCXMLExporter().write(reread.machine).text == written.text, "\(file)")
        }
    }

    @Test(arguments: MachineFileFormat.allCases)
    func everyImportedMachineRoundTripsThroughMachineFiles(format: MachineFileFormat) throws {
        var machines = try Self.scxmlFiles.map { file in
            (file, try MachineReader.read(path: Golden.corpusFile(file).path).machine)
        }
        for config in try XStateTests.configs() {
            machines.append((config, try MachineReader.read(path: XStateTests.directory.appendingPathComponent(config).path).machine))
        }
        for (name, original) in machines {
            let text = try MachineFileExporter(format: format).write(original).text
            let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: format, path: "rewritten")
            #expect(try Unlocated.machine(reread) == Unlocated.machine(original), "\(name)\n\(text)")
        }
    }

    @Test func samplesRoundTripThroughSCXMLWhereSCXMLCanHoldThem() throws {
        for sample in Golden.sampleFiles() {
            let original = try MachineReader.read(path: sample.path).machine
            let written = try SCXMLExporter().write(original)
            let reread = try SCXMLImporter().read(Array(written.text.utf8), path: "rewritten.scxml").machine
            // SCXML keeps states, hierarchy, transitions, guards, effects and labels; it has no
            // event declarations or lint sections, which the exporter reports.
            #expect(reread.states.map(\.id) == original.states.map(\.id), "\(sample.lastPathComponent)")
            #expect(reread.states.map(\.label) == original.states.map(\.label))
            #expect(reread.states.map(\.parent) == original.states.map(\.parent))
            // Transitions are grouped by source state in SCXML, so only their set survives.
            func described(_ machine: Machine) -> [String] {
                machine.transitions.map {
                    "\($0.source) \($0.event?.rawValue ?? "-") \($0.targets) \($0.guardLabel ?? "-") \($0.effects)"
                }.sorted()
            }
            #expect(described(reread) == described(original), "\(sample.lastPathComponent)")
        }
    }

    @Test func hostileTextSurvivesSCXML() throws {
        let texts = ["a & b", "<tag>", "\"quoted\"", "it's", "line\nbreak", "tab\there", "cr\rreturn", "]]>", "--", "😀", "x < y && y > z"]
        var states = [State("start", kind: .initial, entryEffects: texts)]
        var transitions: [Transition] = []
        for (index, text) in texts.enumerated() {
            states.append(State(StateID("s\(index)"), label: text, exitEffects: [text]))
            transitions.append(Transition(from: "start", on: EventID("e\(index)"), to: StateID("s\(index)"), guard: text, effects: [text, "x"]))
        }
        let machine = try Machine(name: "a \"b\" & <c>", states: states, transitions: transitions)
        let written = try SCXMLExporter().write(machine)
        let reread = try SCXMLImporter().read(Array(written.text.utf8), path: "hostile.scxml").machine
        #expect(try Unlocated.machine(reread) == Unlocated.machine(machine), "\(written.text)")
    }

    @Test func whatSCXMLCannotHoldIsRefusedOrReported() throws {
        let spaced = try Machine(states: [State("a b", kind: .initial)], transitions: [])
        #expect(throws: Diagnostic.self) { try SCXMLExporter().write(spaced) }
        let control = try Machine(states: [State("a", label: "bell\u{7}", kind: .initial)], transitions: [])
        #expect(throws: Diagnostic.self) { try SCXMLExporter().write(control) }
        let choice = try Machine(
            states: [State("a", kind: .initial), State("b"), State("c")], events: [Event("go", label: "Go!"), Event("unused")],
            transitions: [Transition(from: "a", on: "go", to: ["b", "c"])], suppressions: [Suppression(ruleID: "dead-end")])
        let warnings = try SCXMLExporter().write(choice).warnings
        #expect(warnings.contains { $0.contains("picks one target at run time") })
        #expect(warnings.contains { $0.contains("'unused'") })
        #expect(warnings.contains { $0.contains("event labels") })
        #expect(warnings.contains { $0.contains("lint suppressions") })
    }
}
