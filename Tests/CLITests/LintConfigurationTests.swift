import Foundation
import TestSupport
import Testing

/// `.fsmviz.yml` through the command line: discovery, `--config`, and what each key does.
@Suite struct LintConfigurationTests {
    /// Findings: dead end (warning) at Stuck, unused event (warning) 'never'.
    static let machine = """
        initial: Idle
        states: [Idle, Stuck]
        events: [start, never]
        transitions:
          - {from: Idle, event: start, to: Stuck}
        """

    /// `rule severity` for each finding line of a text report.
    static func findings(_ result: CommandRunner.Result) -> [String] {
        result.stdoutText.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            let severity = line.split(separator: ": ")[1]
            return "\(line[line.index(after: open)..<line.index(before: line.endIndex)]) \(severity)"
        }
    }

    static func tree(_ files: [String: String]) throws -> URL {
        let root = try CommandRunner.temporaryDirectory()
        for (path, text) in files {
            try LintCommandTests.write(text, path, in: root)
        }
        return root
    }

    @Test func theNearestConfigurationAboveEachFileWins() throws {
        let root = try Self.tree([
            ".fsmviz.yml": "disable: [unused-event]\n",
            "team/a/deep/machine.yaml": Self.machine,
            "team/b/.fsmviz.yml": "severity: {dead-end: error}\n",
            "team/b/machine.yaml": Self.machine,
        ])
        let fromDeep = try CommandRunner.run(["lint", "machine.yaml"], in: root.appendingPathComponent("team/a/deep"))
        #expect(Self.findings(fromDeep) == ["dead-end warning"], "found by walking up three directories")
        let both = try CommandRunner.run(["lint", "team"], in: root)
        #expect(
            Self.findings(both) == ["dead-end warning", "dead-end error", "unused-event warning"],
            "team/b's own configuration replaces the root's: \(both.stdoutText)")
        #expect(both.status == 1)
    }

    @Test func dashDashConfigReplacesDiscovery() throws {
        let root = try Self.tree([
            ".fsmviz.yml": "disable: [unused-event]\n",
            "machine.yaml": Self.machine,
            "ci/strict.yml": "severity: {unused-event: error}\n",
        ])
        let result = try CommandRunner.run(["lint", "machine.yaml", "--config", "ci/strict.yml"], in: root)
        #expect(Self.findings(result) == ["dead-end warning", "unused-event error"])
        #expect(result.status == 1)
        let missing = try CommandRunner.run(["lint", "machine.yaml", "--config", "nope.yml"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stdoutText == "nope.yml: error: no such file\n\n1 error; no machine files were linted\n")
    }

    @Test func disableSeverityAndPerPathOverrides() throws {
        let root = try Self.tree([
            ".fsmviz.yml": """
            # Legacy machines predate the final-state convention.
            disable: [unreachable-transition]
            severity:
              dead-end: error
            overrides:
              - paths: ["legacy/**"]
                disable: [dead-end]
                severity: {unused-event: error}
              - paths: legacy/kept.yaml
                severity: {unused-event: info}
            """,
            "new.yaml": Self.machine,
            "legacy/old.yaml": Self.machine,
            "legacy/kept.yaml": Self.machine,
        ])
        let result = try CommandRunner.run(["lint", "."], in: root)
        #expect(result.status == 1)
        #expect(
            result.stdoutText == """
                legacy/kept.yaml:3:17: info: event 'never' is declared but no transition is triggered by it [unused-event]
                legacy/old.yaml:3:17: error: event 'never' is declared but no transition is triggered by it [unused-event]
                new.yaml:2:16: error: state 'Stuck' is not final but no transition leaves it [dead-end]
                    witness: Idle --start--> Stuck
                new.yaml:3:17: warning: event 'never' is declared but no transition is triggered by it [unused-event]

                2 errors, 1 warning, 1 info in 3 files

                """)
    }

    /// A door that ends closed or broken, neither handled by name: two dead ends without a
    /// word from the team.
    static let swiftDoor = """
        enum Door { case opened, closed, broken }
        enum DoorEvent { case close, breakIt }
        func next(_ state: Door, _ event: DoorEvent) -> Door {
            switch (state, event) {
            case (.opened, .close): return .closed
            case (.opened, .breakIt): return .broken
            default: return state
            }
        }
        """

    @Test func finalStatesEndSwiftMachinesByDesignWhereTheTeamSaysSo() throws {
        let root = try Self.tree([
            ".fsmviz.yml": """
            final-states: [closed]
            overrides:
              - paths: [Legacy]
                final-states: [Door.broken, Gate.broken]
            """,
            "New/Door.swift": Self.swiftDoor,
            "Legacy/Door.swift": Self.swiftDoor,
            "machine.yaml": Self.machine,
        ])
        let result = try CommandRunner.run(["lint", "machine.yaml", "New", "Legacy"], in: root)
        let deadEnds = result.stdoutText.split(separator: "\n").filter { $0.hasSuffix("[dead-end]") }.map { String($0.prefix { $0 != " " }) }
        #expect(
            deadEnds == ["machine.yaml:2:16:", "New/Door.swift:1:34:"],
            "closed is final everywhere, broken only where the override names it: \(result.stdoutText)")
        let opened = try Self.tree([".fsmviz.yml": "final-states: opened\n", "Door.swift": Self.swiftDoor])
        let wrong = try CommandRunner.run(["lint", "Door.swift"], in: opened)
        #expect(
            wrong.stdoutText.contains("Door.swift:1:18: warning: final state 'opened' has 2 outgoing transitions [final-has-outgoing]"),
            "a state named final that the code leaves is reported, not taken on trust: \(wrong.stdoutText)")
    }

    @Test func excludedFilesAreSkippedOnlyWhenFoundInADirectory() throws {
        let root = try Self.tree([
            ".fsmviz.yml": "exclude: [fixtures]\n",
            "machine.yaml": Self.machine,
            "fixtures/package.json": #"{"name": "not a machine"}"#,
        ])
        let directory = try CommandRunner.run(["lint", "."], in: root)
        #expect(directory.status == 0, "\(directory.stdoutText)")
        #expect(directory.stdoutText.hasSuffix("2 warnings in 1 file\n"))
        let named = try CommandRunner.run(["lint", "fixtures/package.json"], in: root)
        #expect(named.status == 2, "a file named on the command line is linted")
    }

    @Test(arguments: [
        ("disable: [dead-ends]\n", "1:11: error: unknown rule 'dead-ends'; did you mean 'dead-end'?"),
        ("severity:\n  dead-end: error\n  no-such-thing: warning\n", "3:3: error: unknown rule 'no-such-thing'; 'fsmviz rules' lists the rules"),
        ("severity: {dead-end: fatal}\n", "1:22: error: expected the severity of 'dead-end' to be 'error', 'warning' or 'info', found 'fatal'"),
        ("disable: [trap]\noverides: []\n", "2:1: error: unknown key 'overides' in the configuration; did you mean 'overrides'?"),
        ("overrides:\n  - disable: [trap]\n", "2:5: error: an override is missing required key 'paths'"),
        (
            "overrides:\n  - paths: [a]\n    severity: {trap: info}\n    enable: [trap]\n",
            "4:5: error: unknown key 'enable' in an override; known keys are 'paths', 'disable', 'severity', 'final-states'"
        ),
        ("overrides:\n  - paths: [/abs/**]\n", "2:13: error: path pattern '/abs/**' is absolute; patterns are relative to the configuration file's directory"),
        ("disable: [trap\n", "2:1: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence"),
        ("version: 2\n", "1:10: error: unsupported configuration version; this fsmviz reads version 1"),
        ("- trap\n", "1:1: error: expected the configuration to be a mapping, found an array"),
    ])
    func badConfigurationsExitTwoWithTheirPosition(config: String, expected: String) throws {
        let root = try Self.tree([".fsmviz.yml": config, "a/machine.yaml": Self.machine, "b/machine.yaml": Self.machine])
        let result = try CommandRunner.run(["lint", "a", "b"], in: root)
        #expect(result.status == 2)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == ".fsmviz.yml:\(expected)")
        #expect(lines.dropFirst() == ["", "1 error; no machine files were linted", ""], "reported once; governed machines not linted")
        let sarif = try CommandRunner.run(["lint", "a", "--format", "sarif"], in: root)
        #expect(sarif.status == 2)
        #expect(sarif.stdoutText.contains(#""ruleId": "fsmviz/invalid-config""#))
    }

    @Test func anEmptyConfigurationChangesNothing() throws {
        let root = try Self.tree([".fsmviz.yml": "# nothing to change yet\n", "machine.yaml": Self.machine])
        let result = try CommandRunner.run(["lint", "machine.yaml"], in: root)
        #expect(result.status == 0)
        #expect(Self.findings(result) == ["dead-end warning", "unused-event warning"])
    }
}
