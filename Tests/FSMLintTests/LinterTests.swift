import FSMAnalysis
import FSMCore
import FSMLint
import Foundation
import Testing

@Suite struct LinterTests {
    static let machine = """
        initial: Idle
        states: [Idle, Stuck]
        events: [start, never]
        transitions:
          - {from: Idle, event: start, to: Stuck}
        """

    /// A fresh directory holding `files`.
    static func tree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-lint-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func rules(_ result: LintResult) -> [String] {
        result.findings.map { "\($0.ruleID) \($0.severity)" }
    }

    @Test func configurationLookupStopsAtTheRepositoryRoot() throws {
        let root = try Self.tree([
            ".fsmviz.yml": "disable: [unused-event, dead-end]\n",
            "repo/.git/HEAD": "ref: refs/heads/main\n",
            "repo/machines/machine.yaml": Self.machine,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let results = Linter().lint([root.appendingPathComponent("repo").path])
        #expect(results.map(Self.rules) == [["dead-end warning", "unused-event warning"]], "the configuration above .git is not the project's")
    }

    @Test func aDirectoryWalkSkipsTheLintReportWrittenIntoIt() throws {
        let root = try Self.tree(["machine.yaml": Self.machine])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = JSONReporter().report(Linter().lint([root.path]))
        try Data(report.utf8).write(to: root.appendingPathComponent("report.json"))
        let again = Linter().lint([root.path])
        #expect(again.map(\.path) == [root.appendingPathComponent("machine.yaml").path])
        #expect(again.allSatisfy { $0.errors.isEmpty })
    }

    @Test func configurationIsFoundByWalkingUpAndTheNearestWins() throws {
        let root = try Self.tree([
            ".fsmviz.yml": "disable: [unused-event]\n",
            "a/b/c/machine.yaml": Self.machine,
            "a/b/.fsmviz.yml": "severity: {unused-event: error}\n",
            "d/machine.yaml": Self.machine,
        ])
        let results = Linter().lint([root.appendingPathComponent("a").path, root.appendingPathComponent("d/machine.yaml").path])
        #expect(results.map(Self.rules) == [["dead-end warning", "unused-event error"], ["dead-end warning"]])
    }

    @Test func anInvalidConfigurationIsReportedOnceAndItsMachinesAreNotLinted() throws {
        let root = try Self.tree([
            "team/.fsmviz.yml": "disable: [nope]\n",
            "team/x/one.yaml": Self.machine,
            "team/y/two.yaml": Self.machine,
            "other/three.yaml": Self.machine,
        ])
        let results = Linter().lint([root.path])
        #expect(results.map(\.kind) == [.machine, .configuration])
        #expect(results[0].path.hasSuffix("other/three.yaml"))
        #expect(results[1].path.hasSuffix("team/.fsmviz.yml"))
        #expect(
            results[1].errors == [
                Diagnostic(
                    path: results[1].path, location: SourceLocation(line: 1, column: 11),
                    message: "unknown rule 'nope'; 'fsmviz rules' lists the rules", code: .invalidConfiguration)
            ])
    }

    @Test func aFixedConfigurationAppliesToEveryFile() throws {
        let root = try Self.tree([".fsmviz.yml": "disable: [dead-end]\n", "machine.yaml": Self.machine])
        let fixed = LintConfiguration(directory: "/", rules: RuleSettings(severities: ["dead-end": .info]))
        let results = Linter(configuration: .fixed(fixed)).lint([root.appendingPathComponent("machine.yaml").path])
        #expect(results.map(Self.rules) == [["dead-end info", "unused-event warning"]])
    }

    @Test func eachFileIsLintedOnceInSortedOrder() throws {
        let root = try Self.tree([
            "b.yaml": Self.machine, "a/z.yml": Self.machine, "a.json": "{\"states\": 1}", "c.txt": "no", "theme.json": "{\"theme\": {}}",
        ])
        let file = root.appendingPathComponent("b.yaml").path
        let results = Linter().lint([root.path, file])
        // Entries sort by name, so directory "a" comes before "a.json"; a JSON file that names
        // no key of a machine (a DocC theme) is no machine file.
        #expect(results.map { String($0.path.dropFirst(root.path.count + 1)) } == ["a/z.yml", "a.json", "b.yaml"])
        #expect(results[1].errors.first?.code == .invalidMachine)
    }

    /// A machine file that mentions SARIF's schema is still a machine; a SARIF log is not.
    @Test func aMachineNamingSARIFIsLintedAndASARIFLogIsNot() throws {
        let machine = "{\"$schema\": \"https://example.com/sarif-like.json\", \"initial\": \"A\", \"states\": [\"A\"], \"transitions\": []}"
        let log = "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"version\": \"2.1.0\", \"runs\": []}"
        let root = try Self.tree(["machine.json": machine, "fsmviz.sarif.json": log])
        let results = Linter().lint([root.path])
        #expect(results.map { String($0.path.dropFirst(root.path.count + 1)) } == ["machine.json"])
    }

    /// The search tells fsmviz's own reports from machines by their keys, wherever in the file
    /// they are: a machine whose keys come after a long description, or that names SARIF in a
    /// string, is linted; a SARIF log and lint's and diff's JSON reports are not, nor is a JSON
    /// file whose objects hold none of a machine's keys (a configuration with comments).
    @Test func reportsAreToldFromMachinesByTheirKeys() throws {
        let later = String(repeating: "a long description ", count: 300)
        let root = try Self.tree([
            "late.json": "{\"description\": \"\(later)\", \"initial\": \"A\", \"states\": [\"A\"], \"transitions\": []}",
            "sarif.json": "{\"$schema\": \"sarif\", \"description\": \"\(later)\", \"initial\": \"A\", \"states\": [\"A\"], \"transitions\": []}",
            "nested.json": "{\"machine\": {\"id\": \"m\", \"initial\": \"A\", \"states\": {\"A\": {}}}}",
            "late.yaml": "description: >\n  \(later)\ninitial: A\nstates: [A]\ntransitions: []\n",
            "log.json": "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"runs\": [{\"results\": []}], \"version\": \"2.1.0\"}",
            "lint.json": JSONReporter().report([]),
            "diff.json": "{\"changes\": [], \"counts\": {\"added\": {\"states\": 0}}, \"new\": \"b\", \"old\": \"a\", \"version\": 1}",
            "tsconfig.json": "// the compiler's\n{\"compilerOptions\": {\"strict\": true /* \"states\" */}, \"note\": \"states: initial\"}",
        ])
        let results = Linter().lint([root.path])
        #expect(
            results.map { String($0.path.dropFirst(root.path.count + 1)) } == ["late.json", "late.yaml", "nested.json", "sarif.json"],
            "\(results.map(\.path))")
    }

    @Test func unknownSuppressionsAreInputErrorsAndKnownOnesStillApply() throws {
        let root = try Self.tree([
            "machine.yaml": Self.machine + "\nlint:\n  disable: [unused-event, trapp]\n  states: {Stuck: [dead-ends]}\n"
        ])
        let result = Linter().lint(file: root.appendingPathComponent("machine.yaml").path)
        #expect(Self.rules(result) == ["dead-end warning"])
        #expect(
            result.errors == [
                Diagnostic(
                    path: result.path, location: SourceLocation(line: 7, column: 27),
                    message: "lint suppression names unknown rule 'trapp'; did you mean 'trap'?", code: .unknownSuppression),
                Diagnostic(
                    path: result.path, location: SourceLocation(line: 8, column: 20),
                    message: "lint suppression for state 'Stuck' names unknown rule 'dead-ends'; did you mean 'dead-end'?",
                    code: .unknownSuppression),
            ])
    }

    @Test func missingFilesAndEmptyDirectoriesAreInputErrors() throws {
        let root = try Self.tree(["empty/.keep": ""])
        let results = Linter().lint([root.appendingPathComponent("nope.json").path, root.appendingPathComponent("empty").path])
        #expect(results.map { $0.errors.map(\.code) } == [[.invalidMachine], [.noMachineFiles]])
        #expect(results[0].errors[0].message == "no such file")
    }
}
