import FSMCore
import Foundation
import TestSupport
import Testing

@Suite struct MachineFileWriterTests {
    /// A machine without source positions, which differ between a file and its rewrite.
    static func unlocated(_ machine: Machine) throws -> Machine {
        try Machine(
            name: machine.name, summary: machine.summary,
            states: machine.states.map {
                State(
                    $0.id, label: $0.label, kind: $0.kind, parent: $0.parent, isParallel: $0.isParallel,
                    pseudoState: $0.pseudoState, entryEffects: $0.entryEffects, exitEffects: $0.exitEffects)
            },
            events: machine.events.map { Event($0.id, label: $0.label) },
            transitions: machine.transitions.map {
                Transition(from: $0.source, on: $0.event, to: $0.targets, guard: $0.guardLabel, effects: $0.effects)
            },
            suppressions: machine.suppressions.map { Suppression(ruleID: $0.ruleID, state: $0.state) })
    }

    @Test(arguments: Golden.sampleFiles().map(\.lastPathComponent), MachineFileFormat.allCases)
    func samplesRoundTrip(sample: String, format: MachineFileFormat) throws {
        let original = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent(sample).path)
        let text = try MachineFileWriter.write(original, as: format)
        let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: format, path: "rewritten")
        #expect(try Self.unlocated(reread) == Self.unlocated(original), "\(text)")
        #expect(try MachineFileWriter.write(reread, as: format) == text)
    }

    @Test(arguments: MachineFileFormat.allCases)
    func hostileNamesRoundTrip(format: MachineFileFormat) throws {
        let names = ["yes", "null", "1.5", "- a", "a: b", "#c", "\"q\"", "back\\slash", "line\nbreak", "tab\there", "😀", "", "~", "[x]", "{y}", "&z", "*w", "!t", "%p", "@a", "`b`", "\u{1}"]
        var states = [State("start", kind: .initial)]
        for (index, name) in names.enumerated() where !name.isEmpty {
            states.append(State(StateID(name), label: "label \(index) \(name)"))
        }
        let transitions = states.dropFirst().map {
            Transition(from: "start", on: EventID($0.id.rawValue), to: $0.id, guard: $0.id.rawValue, effects: [$0.id.rawValue, "x"])
        }
        let machine = try Machine(name: "yes", summary: "no", states: states, transitions: transitions,
                                  suppressions: [Suppression(ruleID: "dead-end", state: "null")])
        let text = try MachineFileWriter.write(machine, as: format)
        let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: format, path: "hostile")
        #expect(try Self.unlocated(reread) == Self.unlocated(machine), "\(text)")
    }

    @Test func jsonLooksHandWritten() throws {
        let original = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("ef-load-state.json").path)
        Golden.check(try MachineFileWriter.write(original, as: .json), against: Golden.fixtures().appendingPathComponent("written/ef-load-state.json"))
        Golden.check(try MachineFileWriter.write(original, as: .yaml), against: Golden.fixtures().appendingPathComponent("written/ef-load-state.yaml"))
    }
}
