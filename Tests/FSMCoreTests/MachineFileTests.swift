import FSMCore
import Foundation
import TestSupport
import Testing

@Suite struct MachineFileTests {
    private static let invalidDirectory = Golden.fixtures().appendingPathComponent("invalid")

    private static var invalidFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: invalidDirectory.path)) ?? []).sorted()
    }

    /// Every invalid fixture gives one `file:line:column: error: message` line, kept in a
    /// golden file so a change of wording is reviewed.
    @Test func invalidFilesReportFileLineAndColumn() throws {
        var report = ""
        for name in Self.invalidFiles {
            let path = "invalid/" + name
            let bytes = try [UInt8](Data(contentsOf: Self.invalidDirectory.appendingPathComponent(name)))
            let format = try #require(MachineFileFormat(path: name))
            do {
                // The standard input limits apply as `MachineReader` applies them to every file.
                try InputLimits.standard.check(try MachineFileLoader.load(bytes: bytes, format: format, path: path), path: path)
                Issue.record("\(name) loaded, but it is invalid")
            } catch {
                #expect(error.description.hasPrefix(path), "\(error)")
                report += error.description + "\n"
            }
        }
        #expect(Self.invalidFiles.count >= 10)
        Golden.check(report, against: Golden.fixtures().appendingPathComponent("invalid-files.txt"))
    }

    @Test func everySampleLoads() throws {
        let samples = Golden.sampleFiles()
        #expect(samples.count >= 7)
        for sample in samples {
            #expect(throws: Never.self, "\(sample.lastPathComponent)") {
                try MachineFileLoader.load(path: sample.path)
            }
        }
    }

    @Test func jsonAndYamlDescribeTheSameMachine() throws {
        let json = """
            {"name": "Door", "initial": "Closed",
             "states": ["Closed", {"id": "Open", "label": "Wide open"}, {"id": "Gone", "final": true}],
             "events": ["open", {"id": "close", "label": "Close it"}],
             "transitions": [
               {"from": ["Closed"], "event": "open", "to": "Open", "guard": "unlocked", "effects": "creak"},
               {"from": "Open", "event": "close", "to": ["Closed", "Gone"]},
               {"from": "Open", "to": "Gone"}
             ]}
            """
        let yaml = """
            name: Door
            initial: Closed
            states:
              - Closed
              - {id: Open, label: Wide open}
              - id: Gone
                final: true
            events: [open, {id: close, label: Close it}]
            transitions:
              - {from: [Closed], event: open, to: Open, guard: unlocked, effects: creak}
              - {from: Open, event: close, to: [Closed, Gone]}
              - {from: Open, to: Gone}
            """
        let fromJSON = try MachineFileLoader.load(bytes: Array(json.utf8), format: .json, path: "door.json")
        let fromYAML = try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "door.yaml")
        func shape(_ machine: Machine) -> String {
            let states = machine.states.map { "\($0.id)|\($0.label ?? "")|\($0.kind)" }
            let transitions = machine.transitions.map {
                "\($0.source)-\($0.event?.rawValue ?? "")->\($0.targets)[\($0.guardLabel ?? "")]\($0.effects)"
            }
            return "\(machine.name ?? "")\n\(states)\n\(machine.events.map(\.displayName))\n\(transitions)"
        }
        #expect(shape(fromJSON) == shape(fromYAML))
        #expect(fromJSON.transitions[1].targets == ["Closed", "Gone"])
        #expect(fromJSON.transitions[2].event == nil)
        #expect(fromJSON.state("Gone")?.kind == .final)
        #expect(fromYAML.transitions[0].location == SourceLocation(line: 10, column: 5))
    }

    @Test func targetlessAndInternalTransitionsReadTheSameFromJSONAndYAML() throws {
        let json = """
            {"initial": "Editor",
             "states": [{"id": "Editor", "initial": "Clean"}, {"id": "Clean", "parent": "Editor"}, {"id": "Dirty", "parent": "Editor"}],
             "transitions": [
               {"from": "Editor", "event": "tick", "effects": "autosave"},
               {"from": "Dirty", "event": "noop", "to": []},
               {"from": "Editor", "event": "revert", "to": "Clean", "type": "internal"},
               {"from": "Clean", "event": "edit", "to": "Dirty", "type": "external"},
               {"from": "Clean", "event": "poke", "type": "internal"}
             ]}
            """
        let yaml = """
            initial: Editor
            states:
              - {id: Editor, initial: Clean}
              - {id: Clean, parent: Editor}
              - {id: Dirty, parent: Editor}
            transitions:
              - {from: Editor, event: tick, effects: autosave}
              - {from: Dirty, event: noop, to: []}
              - {from: Editor, event: revert, to: Clean, type: internal}
              - {from: Clean, event: edit, to: Dirty, type: external}
              - {from: Clean, event: poke, to: null, type: internal}
            """
        let fromJSON = try MachineFileLoader.load(bytes: Array(json.utf8), format: .json, path: "editor.json")
        let fromYAML = try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "editor.yaml")
        #expect(MachineModel(fromJSON) == MachineModel(fromYAML))
        #expect(fromJSON.transitions.map(\.targets) == [[], [], ["Clean"], ["Dirty"], []])
        #expect(fromJSON.transitions.map(\.kind) == [.external, .external, .internal, .external, .internal])
        #expect(fromJSON.transitions.map(fromJSON.keepsSourceActive) == [true, true, true, false, true])
        for format in MachineFileFormat.allCases {
            let text = try MachineFileWriter.write(fromJSON, as: format)
            let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: format, path: "rewritten")
            #expect(MachineModel(reread) == MachineModel(fromJSON), "\(text)")
            #expect(!text.contains("external"), "the default kind is left out: \(text)")
        }
    }

    @Test func severalSourcesBecomeOneTransitionEach() throws {
        let json = #"{"initial": "A", "states": ["A", "B", "C"], "transitions": [{"from": ["A", "B"], "event": "go", "to": "C"}]}"#
        let machine = try MachineFileLoader.load(bytes: Array(json.utf8), format: .json, path: "m.json")
        #expect(machine.transitions.map(\.source) == ["A", "B"])
        #expect(machine.transitions.allSatisfy { $0.location == SourceLocation(line: 1, column: 61) })
    }

    @Test func compoundInitialChildIsMarked() throws {
        let yaml = """
            initial: Auth
            states:
              - {id: Auth, initial: SignedOut}
              - {id: SignedOut, parent: Auth}
              - {id: SignedIn, parent: Auth}
            transitions: []
            """
        let machine = try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "m.yaml")
        #expect(machine.state("SignedOut")?.kind == .initial)
        #expect(machine.state("Auth")?.kind == .initial)
        #expect(machine.state("SignedIn")?.kind == .normal)
    }

    /// YAML 1.1 read `on`, `off`, `yes` and `no` as booleans, so a light's states `on` and
    /// `off` were refused as "expected a string, found a boolean"; flags keep accepting them.
    @Test func yamlWordsThatYAML11ReadAsBooleansAreText() throws {
        let yaml = """
            initial: off
            states:
              - off
              - {id: on, final: yes}
              - {id: no, final: False}
            transitions:
              - {from: off, event: toggle, to: on}
              - {from: off, event: break, to: no}
              - {from: no, event: fix, to: off}
            """
        let machine = try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "light.yaml")
        #expect(machine.initialState == "off")
        #expect(machine.states.map(\.id) == ["off", "on", "no"])
        #expect(machine.state("on")?.kind == .final)
        #expect(machine.state("no")?.kind == .normal)
        #expect(machine.transitions.map(\.targets) == [["on"], ["no"], ["off"]])
    }

    @Test func yamlAliasBombsAreRefused() {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            let previous = level == 1 ? "a" : "l\(level - 1)"
            yaml += "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(throws: MachineFileError.self) {
            try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "bomb.yaml")
        }
    }

    /// Found by FuzzMachineYAML: Yams hashed and compared mapping keys whole, so a key made of
    /// aliases that each double the last (a 1 KB document) took hours to compose. Aliases are
    /// counted from each anchor's size without expanding anything, so that document is refused
    /// at the alias that crosses the budget (the first `*l16`, on line 18), and a key made of
    /// aliases within the budget is refused where it is, as a key that is not text.
    @Test(arguments: ["  ? *l29\n  : 1\n", "  *l29 : 1\n", "  ? [*l29]\n  : 1\n", "  {*l29 : 1}: 2\n"])
    func yamlKeysMadeOfAliasesAreRefusedBeforeTheyAreExpanded(key: String) {
        var yaml = "l0: &l0 [x, y]\n"
        for level in 1...29 { yaml += "l\(level): &l\(level) [*l\(level - 1), *l\(level - 1)]\n" }
        yaml += "m:\n" + key
        let overBudget = "this alias expands the document to more than twice its size (and 1048576 bytes); refusing to expand it"
        #expect(throws: MachineFileError(path: "keys.yaml", location: SourceLocation(line: 18, column: 12), message: overBudget)) {
            try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "keys.yaml")
        }
        let small = "l0: &l0 [x, y]\nl1: &l1 [*l0, *l0]\nm:\n" + key.replacingOccurrences(of: "l29", with: "l1")
        #expect(
            throws: MachineFileError(
                path: "keys.yaml", location: SourceLocation(line: 4, column: key.hasPrefix("  ?") ? 5 : 3), message: "mapping keys must be plain text")
        ) {
            try MachineFileLoader.load(bytes: Array(small.utf8), format: .yaml, path: "keys.yaml")
        }
    }

    @Test func missingAndUnreadableFilesAreClearErrors() {
        #expect(throws: MachineFileError(path: "/nonexistent/m.json", location: nil, message: "no such file")) {
            try MachineFileLoader.load(path: "/nonexistent/m.json")
        }
        #expect(throws: MachineFileError(path: "/tmp", location: nil, message: "is a directory, not a machine file")) {
            try MachineFileLoader.load(path: "/tmp")
        }
    }

    @Test func formatIsChosenFromTheExtension() {
        #expect(MachineFileFormat(path: "a/b.JSON") == .json)
        #expect(MachineFileFormat(path: "m.yml") == .yaml)
        #expect(MachineFileFormat(path: "m.yaml") == .yaml)
        #expect(MachineFileFormat(path: "dir.json/m") == nil)
        #expect(MachineFileFormat(sniffing: Array("  \n{".utf8)) == .json)
        #expect(MachineFileFormat(sniffing: Array("initial: A".utf8)) == .yaml)
    }
}
