import FSMAnalysis
import FSMCore
import FSMLint
import Testing

@Suite struct ConfigurationTests {
    static let text = """
        disable: [unreachable-transition]
        severity: {dead-end: error, unused-event: info}
        exclude: ["fixtures/**"]
        overrides:
          - paths: ["legacy/**", "old.yaml"]
            disable: dead-end
            severity: {trap: warning}
          - paths: ["legacy/kept/**"]
            severity: {unused-event: error, trap: info}
        """

    static func configuration() throws -> LintConfiguration {
        try LintConfiguration.parse(text, path: "repo/.fsmviz.yml", directory: "/repo")
    }

    @Test func settingsAreTheBaseThenEveryMatchingOverrideInOrder() throws {
        let configuration = try Self.configuration()
        let base = RuleSettings(disabled: ["unreachable-transition"], severities: ["dead-end": .error, "unused-event": .info])
        #expect(configuration.settings(forFile: "/repo/new.yaml") == base)
        #expect(configuration.settings(forFile: "/elsewhere/legacy/a.yaml") == base, "outside the directory no path matches")
        let legacy = configuration.settings(forFile: "/repo/legacy/a.yaml")
        #expect(legacy.disabled == ["unreachable-transition", "dead-end"])
        #expect(legacy.severities == ["dead-end": .error, "unused-event": .info, "trap": .warning])
        #expect(configuration.settings(forFile: "/repo/old.yaml") == legacy)
        let kept = configuration.settings(forFile: "/repo/legacy/kept/b.yaml")
        #expect(kept.severities == ["dead-end": .error, "unused-event": .error, "trap": .info])
        #expect(kept.enabledRules.map { $0.description.identifier }.contains("dead-end") == false)
    }

    @Test func finalStatesAddUpAcrossOverrides() throws {
        let text = "final-states: closed\noverrides:\n  - paths: [legacy]\n    final-states: [Door.broken]\n"
        let configuration = try LintConfiguration.parse(text, path: ".fsmviz.yml", directory: "/repo")
        #expect(configuration.settings(forFile: "/repo/new.swift").finalStates == ["closed"])
        #expect(configuration.settings(forFile: "/repo/legacy/a.swift").finalStates == ["closed", "Door.broken"])
        #expect(throws: ConfigurationError.self) { try LintConfiguration.parse("final-states: ['']\n", path: ".fsmviz.yml", directory: "/repo") }
    }

    @Test func excludeMatchesPathsRelativeToTheConfiguration() throws {
        let configuration = try Self.configuration()
        #expect(configuration.excludes(file: "/repo/fixtures/package.json"))
        #expect(configuration.excludes(file: "/repo/./fixtures/deep/x.json"))
        #expect(!configuration.excludes(file: "/repo/src/fixtures/x.json"))
        #expect(!configuration.excludes(file: "/other/fixtures/x.json"))
    }

    @Test func settingsChangeSeveritiesAndDropDisabledFindings() {
        let settings = RuleSettings(disabled: ["trap"], severities: ["dead-end": .error])
        let findings = [
            Finding(ruleID: "dead-end", severity: .warning, message: "a"),
            Finding(ruleID: "trap", severity: .error, message: "b"),
            Finding(ruleID: "unused-event", severity: .warning, message: "c"),
        ]
        #expect(settings.apply(to: findings).map { "\($0.ruleID) \($0.severity)" } == ["dead-end error", "unused-event warning"])
        #expect(settings.enabledRules.count == Analyzer.allRules.count - 1)
    }

    @Test(arguments: ["", "\n", "# only a comment\n\n  # another\n", "---\n"])
    func emptyConfigurationsChangeNothing(text: String) throws {
        let configuration = try LintConfiguration.parse(text, path: ".fsmviz.yml", directory: "/repo")
        #expect(configuration == LintConfiguration(directory: "/repo"))
    }

    @Test func nullValuesMeanTheKeyIsAbsent() throws {
        let configuration = try LintConfiguration.parse("disable:\nseverity:\n", path: ".fsmviz.yml", directory: "/repo")
        #expect(configuration == LintConfiguration(directory: "/repo"))
    }

    @Test(arguments: [
        ("disable: [dead-end, unreachable-sate]\n", "x/.fsmviz.yml:1:21: error: unknown rule 'unreachable-sate'; did you mean 'unreachable-state'?"),
        ("disable: 3\n", "x/.fsmviz.yml:1:10: error: expected 'disable' to be a string or a list of strings, found a number"),
        ("disable: [[trap]]\n", "x/.fsmviz.yml:1:11: error: expected each of 'disable' to be a string, found an array"),
        ("severity: [trap]\n", "x/.fsmviz.yml:1:11: error: expected 'severity' to map rule ids to severities, found an array"),
        (
            "severity: {trap: eror}\n",
            "x/.fsmviz.yml:1:18: error: expected the severity of 'trap' to be 'error', 'warning' or 'info', found 'eror'; did you mean 'error'?"
        ),
        ("overrides: {paths: [a]}\n", "x/.fsmviz.yml:1:12: error: expected 'overrides' to be a list, found an object"),
        ("overrides:\n  - paths: ['./']\n", "x/.fsmviz.yml:2:13: error: path pattern './' names no files"),
        ("exclude: [a]\nexclude: [b]\n", "x/.fsmviz.yml:2:1: error: key 'exclude' appears twice in a mapping (first at 1:1)"),
    ])
    func errorsNameTheirPosition(text: String, expected: String) {
        #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(text, path: "x/.fsmviz.yml", directory: "/x")
        }
        do {
            _ = try LintConfiguration.parse(text, path: "x/.fsmviz.yml", directory: "/x")
        } catch {
            #expect(error.description == expected)
        }
    }
}
