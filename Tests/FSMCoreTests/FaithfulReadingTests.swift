import FSMCore
import Testing

/// JSON and YAML documents are read as their authors' tools read them, or refused where they
/// disagree, with the position of the mistake.
@Suite struct FaithfulReadingTests {
    static func error(_ text: String, _ format: MachineFileFormat, path: String = "m") -> String? {
        do {
            _ = try MachineFileLoader.document(bytes: Array(text.utf8), format: format, path: path)
            return nil
        } catch {
            return error.description
        }
    }

    /// JavaScript keeps the last of two equal keys, Foundation the first: refused at the repeat.
    @Test func aJSONKeyWrittenTwiceIsRefusedAtTheRepeat() {
        #expect(
            Self.error(#"{"initial": "a", "states": {}, "initial": "b"}"#, .json) == "m:1:32: error: key 'initial' appears twice in an object (first at 1:2)")
        #expect(Self.error("{\"a\": {\n  \"on\": 1,\n  \"on\": 2}}", .json) == "m:3:3: error: key 'on' appears twice in an object (first at 2:3)")
        // A large object (XState's states by name) is checked as well.
        let many = (0..<40).map { "\"s\($0)\": 1" }.joined(separator: ", ")
        #expect(Self.error("{\(many), \"s7\": 2}", .json)?.hasSuffix("key 's7' appears twice in an object (first at 1:65)") == true)
        #expect(Self.error("{\(many)}", .json) == nil)
        #expect(Self.error(#"[{"a": 1}, {"a": 2}]"#, .json) == nil, "equal keys in different objects are fine")
    }

    @Test func aYAMLKeyWrittenTwiceIsReportedAtTheRepeat() {
        #expect(Self.error("version: 1\ninitial: a\ninitial: b\n", .yaml) == "m:3:1: error: key 'initial' appears twice in a mapping (first at 2:1)")
        #expect(Self.error("states:\n  - {id: b, label: x, label: y}\n", .yaml) == "m:2:23: error: key 'label' appears twice in a mapping (first at 2:13)")
        #expect(Self.error("a:\n  c: 1\n  \"c\": 2\n  c: 3\n", .yaml) == "m:3:3: error: key 'c' appears twice in a mapping (first at 2:3)")
        #expect(Self.error("x: {b: 1, c: 1}\ny: {c: 2, c: 3}\n", .yaml) == "m:2:11: error: key 'c' appears twice in a mapping (first at 2:5)")
    }

    @Test func aYAMLByteOrderMarkIsAcceptedAsInJSON() throws {
        let yaml = "\u{FEFF}version: 1\ninitial: a\nstates: [a]\ntransitions: []\n"
        let machine = try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "m.yaml")
        #expect(machine.states.map(\.id) == ["a"])
        #expect(machine.states[0].location == SourceLocation(line: 3, column: 10))
        #expect(Self.error("\u{FEFF}a: 1\na: 2\n", .yaml) == "m:2:1: error: key 'a' appears twice in a mapping (first at 1:1)")
    }

    @Test(arguments: ["\u{0}", "\u{1}", "\u{7}", "\u{1B}", "\u{7F}"])
    func yamlControlCharactersAreReportedWhereTheyAre(control: String) {
        let message = Self.error("version: 1\ninitial: a\nstates: [a, \"é\(control)\"]\n", .yaml)
        #expect(message?.hasPrefix("m:3:15: error: invalid YAML:") == true, "\(message ?? "accepted")")
    }
}
