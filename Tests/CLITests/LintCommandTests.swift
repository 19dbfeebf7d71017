import Foundation
import TestSupport
import Testing

@Suite struct LintCommandTests {
    static let samples = Golden.sampleFiles().map(\.lastPathComponent)
    static let formats = ["text", "json", "sarif", "github"]
    static let invalidDirectory = "Tests/FSMCoreTests/Fixtures/invalid"
    static let invalidFiles =
        ((try? FileManager.default.contentsOfDirectory(
            atPath: Golden.packageRoot.appendingPathComponent(invalidDirectory).path)) ?? []).sorted()

    /// A machine whose only finding is a dead end (a warning).
    static let onlyWarning = """
        initial: Idle
        states: [Idle, Stuck]
        transitions:
          - {from: Idle, event: start, to: Stuck}
        """
    /// A sound machine.
    static let clean = """
        initial: Idle
        states: [Idle, {id: Done, final: true}]
        transitions:
          - {from: Idle, event: finish, to: Done}
        """

    static func golden(_ name: String) -> URL {
        Golden.fixtures().appendingPathComponent("lint/\(name)")
    }

    static func write(_ text: String, _ path: String, in directory: URL) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test(arguments: samples, formats)
    func everySampleInEveryFormatMatchesItsGoldenFile(sample: String, format: String) throws {
        let result = try CommandRunner.run(["lint", "samples/\(sample)", "--format", format])
        #expect(result.stderr.isEmpty)
        #expect(result.status == (sample == "broken.json" ? 1 : 0), "\(result.stdoutText)")
        let stem = sample.split(separator: ".").dropLast().joined(separator: ".")
        Golden.check(result.stdoutText, against: Self.golden("\(stem).\(format)"))
    }

    @Test func theBrokenSampleHasItsThreePlantedDefects() throws {
        let result = try CommandRunner.run(["lint", "samples/broken.json", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let findings = try #require(files.first?["findings"] as? [[String: Any]])
        let rules = Set(findings.compactMap { $0["rule"] as? String })
        #expect(rules.isSuperset(of: ["unreachable-state", "dead-end", "nondeterministic-trigger"]))
        let stuck = findings.first { $0["rule"] as? String == "dead-end" }
        #expect(stuck?["states"] as? [String] == ["Stuck"])
    }

    @Test func aDirectoryIsSearchedInSortedOrderWithOneSummary() throws {
        let result = try CommandRunner.run(["lint", "samples"])
        #expect(result.status == 1)
        Golden.check(result.stdoutText, against: Self.golden("samples-directory.text"))
        #expect(result.stdoutText.hasSuffix("2 errors, 1 warning, 1 info in 14 files\n"))
    }

    @Test func theJSONReportHasTheDocumentedShape() throws {
        let result = try CommandRunner.run([
            "lint", "samples/broken.json", "\(Self.invalidDirectory)/unknown-key.json", "--format", "json",
        ])
        #expect(result.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(Set(report.keys) == ["version", "files", "summary"])
        #expect(report["version"] as? Int == 1)
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(summary == ["files": 2, "errors": 2, "warnings": 1, "info": 1, "inputErrors": 1])
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["samples/broken.json", "\(Self.invalidDirectory)/unknown-key.json"])
        for file in files {
            #expect(Set(file.keys) == ["path", "kind", "findings", "errors"])
            #expect(file["kind"] as? String == "machine")
        }
        let findings = try #require(files[0]["findings"] as? [[String: Any]])
        for finding in findings {
            #expect(Set(finding.keys) == ["rule", "severity", "message", "line", "column", "states", "events", "witness"])
        }
        let witnesses = findings.compactMap { $0["witness"] as? [String: Any] }
        #expect(witnesses.contains { Set($0.keys) == ["summary", "path"] })
        #expect(witnesses.contains { Set($0.keys) == ["summary", "transitions"] })
        let transitions = try #require(witnesses.lazy.compactMap { $0["transitions"] as? [[String: Any]] }.first)
        #expect(Set(transitions[0].keys) == ["source", "event", "targets", "guard", "line", "column"])
        let steps = try #require(witnesses.lazy.compactMap { $0["path"] as? [[String: Any]] }.first)
        #expect(steps.first?["via"] as? String == "initial")
        #expect(Set(steps[0].keys) == ["via", "event", "state"])
        let errors = try #require(files[1]["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors[0]["kind"] as? String == "invalid-machine")
        #expect(errors[0]["line"] as? Int == 4)
        #expect(errors[0]["column"] as? Int == 3)
        #expect((errors[0]["message"] as? String)?.contains("did you mean 'transitions'?") == true)
    }

    @Test func exitStatusFollowsFailOn() throws {
        let directory = try CommandRunner.temporaryDirectory()
        try Self.write(Self.onlyWarning, "warn.yaml", in: directory)
        try Self.write(Self.clean, "clean.yaml", in: directory)
        try Self.write("severity: {dead-end: info}\n", "info/.fsmviz.yml", in: directory)
        try Self.write(Self.onlyWarning, "info/warn.yaml", in: directory)
        func status(_ file: String, _ options: [String]) throws -> Int32 {
            try CommandRunner.run(["lint", file] + options, in: directory).status
        }
        #expect(try status("clean.yaml", []) == 0)
        #expect(try status("clean.yaml", ["--fail-on", "info"]) == 0)
        #expect(try status("warn.yaml", []) == 0, "warnings do not fail by default")
        #expect(try status("warn.yaml", ["--fail-on", "error"]) == 0)
        #expect(try status("warn.yaml", ["--fail-on", "warning"]) == 1)
        #expect(try status("warn.yaml", ["--fail-on", "info"]) == 1)
        #expect(try status("info/warn.yaml", ["--fail-on", "warning"]) == 0, "configured down to info")
        #expect(try status("info/warn.yaml", ["--fail-on", "info"]) == 1)
        #expect(try CommandRunner.run(["lint", "samples/broken.json"]).status == 1)
        #expect(try CommandRunner.run(["lint", "samples/tcp.json"]).status == 0)
    }

    @Test func badUsageExitsTwo() throws {
        for arguments in [
            ["lint"], ["lint", "samples", "--format", "xml"], ["lint", "samples", "--fail-on", "fatal"],
            ["lint", "samples", "--frobnicate"],
        ] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(!result.stderr.isEmpty)
        }
    }

    @Test(arguments: invalidFiles)
    func invalidMachineFilesExitTwoInEveryFormat(file: String) throws {
        let path = "\(Self.invalidDirectory)/\(file)"
        let text = try CommandRunner.run(["lint", path])
        #expect(text.status == 2)
        let lines = text.stdoutText.split(separator: "\n")
        #expect(lines.first?.hasPrefix("\(path):") == true, "\(text.stdoutText)")
        #expect(lines.first?.contains(": error: ") == true)
        #expect(lines.last == "1 error in 1 file")
        #expect(text.stderr.isEmpty)
        let github = try CommandRunner.run(["lint", path, "--format", "github"])
        #expect(github.status == 2)
        #expect(github.stdoutText.hasPrefix("::error file=\(path),line="))
        #expect(github.stdoutText.contains(",title=fsmviz invalid-machine::"))
        let json = try CommandRunner.run(["lint", path, "--format", "json"])
        #expect(json.status == 2)
        #expect(json.stdoutText.contains(#""kind": "invalid-machine""#))
        let sarif = try CommandRunner.run(["lint", path, "--format", "sarif"])
        #expect(sarif.status == 2)
        #expect(sarif.stdoutText.contains(#""ruleId": "fsmviz/invalid-machine""#))
    }

    @Test func lintGoesOnPastBadFilesAndExitsWithTheWorstStatus() throws {
        let result = try CommandRunner.run([
            "lint", "\(Self.invalidDirectory)/syntax-error.json", "samples/broken.json", "no-such-file.json",
        ])
        #expect(result.status == 2)
        Golden.check(result.stdoutText, against: Self.golden("bad-files.text"))
    }

    @Test func unknownRulesInSuppressionsAreInputErrors() throws {
        let directory = try CommandRunner.temporaryDirectory()
        try Self.write(
            """
            initial: Idle
            states: [Idle, Stuck]
            transitions:
              - {from: Idle, event: start, to: Stuck}
            lint:
              disable: [dead-ends]
              states: {Stuck: [unused-events, trap]}
            """, "machine.yaml", in: directory)
        let result = try CommandRunner.run(["lint", "machine.yaml"], in: directory)
        #expect(result.status == 2)
        #expect(
            result.stdoutText == """
                machine.yaml:6:13: error: lint suppression names unknown rule 'dead-ends'; did you mean 'dead-end'?
                machine.yaml:7:20: error: lint suppression for state 'Stuck' names unknown rule 'unused-events'; did you mean 'unused-event'?
                machine.yaml:2:16: warning: state 'Stuck' is not final but no transition leaves it [dead-end]
                    witness: Idle --start--> Stuck

                2 errors, 1 warning in 1 file

                """)
    }

    @Test func machineFilesSilenceRulesForThemselvesOrOneState() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let machine = """
            initial: Idle
            states: [Idle, Stuck, Jammed]
            transitions:
              - {from: Idle, event: start, to: Stuck}
              - {from: Idle, event: jam, to: Jammed}
            """
        try Self.write(machine, "plain.yaml", in: directory)
        try Self.write(machine + "\nlint: {disable: [dead-end]}\n", "machine.yaml", in: directory)
        try Self.write(machine + "\nlint: {states: {Jammed: [dead-end]}}\n", "state.yaml", in: directory)
        func deadEnds(_ file: String) throws -> [String] {
            let result = try CommandRunner.run(["lint", file, "--fail-on", "warning"], in: directory)
            return result.stdoutText.split(separator: "\n").filter { $0.hasSuffix("[dead-end]") }
                .map { String($0.split(separator: "'")[1]) }
        }
        #expect(try deadEnds("plain.yaml") == ["Stuck", "Jammed"])
        #expect(try deadEnds("machine.yaml") == [])
        #expect(try deadEnds("state.yaml") == ["Stuck"])
        #expect(try CommandRunner.run(["lint", "machine.yaml", "--fail-on", "info"], in: directory).status == 0)
    }

    @Test func theReportGoesToAFileWithDashO() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let output = directory.appendingPathComponent("fsmviz.sarif")
        let result = try CommandRunner.run(["lint", "samples/broken.json", "--format", "sarif", "-o", output.path])
        #expect(result.status == 1, "the exit status does not depend on where the report goes")
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written == (try String(contentsOf: Self.golden("broken.sarif"), encoding: .utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["fsmviz.sarif"])
        let unwritable = try CommandRunner.run(["lint", "samples/tcp.json", "-o", "samples/tcp.json/report.txt"])
        #expect(unwritable.status == 3)
        #expect(unwritable.stderr == "samples/tcp.json/report.txt: error: cannot write: Not a directory\n")
    }

    @Test func outputIsPlainWhenNotATerminalEvenWithoutNoColor() throws {
        // NO_COLOR set to the empty string counts as unset (no-color.org); the pipe is what
        // keeps the report plain.
        let result = try CommandRunner.run(["lint", "samples/broken.json"], environment: ["NO_COLOR": ""])
        #expect(result.status == 1)
        #expect(!result.stdoutText.contains("\u{1B}"))
        #expect(result.stdoutText.contains("error: state 'Archived'"))
    }

    @Test func aDashReadsOneMachineFromStandardInput() throws {
        let machine = #"{"initial": "A", "states": ["A", "B"], "transitions": [{"from": "A", "event": "go", "to": "B"}]}"#
        let result = try CommandRunner.run(["lint", "-", "--fail-on", "warning"], stdin: Array(machine.utf8))
        #expect(result.status == 1)
        #expect(result.stdoutText.hasPrefix("<stdin>:1:34: warning: state 'B' is not final but no transition leaves it [dead-end]\n"))
    }

    @Test func directoriesSkipHiddenEntriesAndNeedMachineFiles() throws {
        let directory = try CommandRunner.temporaryDirectory()
        try Self.write(Self.clean, "b/machine.yml", in: directory)
        try Self.write(#"{"initial": "A", "states": ["A"], "transitions": []}"#, "a.json", in: directory)
        try Self.write("not a machine", ".hidden/machine.json", in: directory)
        try Self.write("not a machine", ".build/machine.json", in: directory)
        try Self.write("not a machine", "notes.txt", in: directory)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let result = try CommandRunner.run(["lint", ".", "--format", "json"], in: directory)
        #expect(result.status == 0, "\(result.stdoutText)")
        #expect(result.stdoutText.contains(#""path": "a.json""#))
        #expect(result.stdoutText.contains(#""path": "b/machine.yml""#))
        #expect(!result.stdoutText.contains("hidden"))
        #expect(!result.stdoutText.contains(".build"))
        let empty = try CommandRunner.run(["lint", "empty"], in: directory)
        #expect(empty.status == 2)
        #expect(
            empty.stdoutText.hasPrefix("empty: error: no machine files (.json, .yaml, .yml, .scxml, .swift, or SCXML in .xml) in this directory or below it\n"))
    }
}
