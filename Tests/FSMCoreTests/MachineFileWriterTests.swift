import FSMCore
import Foundation
import TestSupport
import Testing

@Suite struct MachineFileWriterTests {
    @Test(arguments: Golden.sampleFiles().map(\.lastPathComponent), MachineFileFormat.allCases)
    func samplesRoundTrip(sample: String, format: MachineFileFormat) throws {
        let original = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent(sample).path)
        let text = try MachineFileWriter.write(original, as: format)
        let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: format, path: "rewritten")
        #expect(MachineModel(reread) == MachineModel(original), "\(text)")
        #expect(try MachineFileWriter.write(reread, as: format) == text)
    }

    @Test(arguments: MachineFileFormat.allCases)
    func hostileNamesRoundTrip(format: MachineFileFormat) throws {
        let names = [
            "yes", "null", "1.5", "- a", "a: b", "#c", "\"q\"", "back\\slash", "line\nbreak", "tab\there", "😀", "", "~", "[x]", "{y}", "&z", "*w", "!t", "%p",
            "@a", "`b`", "\u{1}",
            // One per start the YAML writer asks Yams about (booleans, numbers, null, timestamps, merge, value).
            "Yes", "off", "N", "True", "FALSE", "0x1F", "0o17", "0b101", "+1", "-2", "1_000", "1:20", ".5", "-.inf", ".NaN",
            "2001-12-14", "2001-12-14 21:59:43.10 -5", "<<", "=", "NULL", "yes\n", "o", "t",
        ]
        var states = [State("start", kind: .initial)]
        for (index, name) in names.enumerated() where !name.isEmpty {
            states.append(State(StateID(name), label: "label \(index) \(name)"))
        }
        let transitions = states.dropFirst().map {
            Transition(from: "start", on: EventID($0.id.rawValue), to: $0.id, guard: $0.id.rawValue, effects: [$0.id.rawValue, "x"])
        }
        let machine = try Machine(
            name: "yes", summary: "no", states: states, transitions: transitions,
            suppressions: [Suppression(ruleID: "dead-end", state: "null")])
        let text = try MachineFileWriter.write(machine, as: format)
        let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: format, path: "hostile")
        #expect(MachineModel(reread) == MachineModel(machine), "\(text)")
    }

    @Test func jsonLooksHandWritten() throws {
        let original = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("ef-load-state.json").path)
        Golden.check(try MachineFileWriter.write(original, as: .json), against: Golden.fixtures().appendingPathComponent("written/ef-load-state.json"))
        Golden.check(try MachineFileWriter.write(original, as: .yaml), against: Golden.fixtures().appendingPathComponent("written/ef-load-state.yaml"))
    }
}
