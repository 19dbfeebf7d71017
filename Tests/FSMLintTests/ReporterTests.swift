import FSMAnalysis
import FSMCore
import FSMLint
import Foundation
import Testing

@Suite struct ReporterTests {
    static let witness = Witness.path([PathStep(via: nil, state: "Idle"), PathStep(via: .event("start"), state: "Stuck")])

    static let results = [
        LintResult(
            path: "machines/door.yaml",
            findings: [
                Finding(
                    ruleID: "dead-end", severity: .warning, message: "state 'Stuck' is not final", states: ["Stuck"],
                    witness: witness, location: SourceLocation(line: 3, column: 7)),
                Finding(ruleID: "trap", severity: .error, message: "trapped", location: SourceLocation(line: 9, column: 1)),
                Finding(ruleID: "unreachable-transition", severity: .info, message: "never fires", location: SourceLocation(line: 12, column: 5)),
            ],
            errors: [
                Diagnostic(
                    path: "machines/door.yaml", location: SourceLocation(line: 20, column: 13),
                    message: "lint suppression names unknown rule 'x'", code: .unknownSuppression)
            ]),
        LintResult(path: "clean.json"),
    ]

    /// A machine built in code: its findings have no location.
    static func codeBuiltResult() throws -> LintResult {
        let machine = try Machine(
            states: [State("Idle", kind: .initial), State("Stuck")],
            transitions: [Transition(from: "Idle", on: "start", to: "Stuck")])
        return LintResult(path: "door", findings: machine.analyze())
    }

    @Test func textIsPlainByDefault() {
        #expect(
            TextReporter().report(Self.results) == """
                machines/door.yaml:20:13: error: lint suppression names unknown rule 'x'
                machines/door.yaml:3:7: warning: state 'Stuck' is not final [dead-end]
                    witness: Idle --start--> Stuck
                machines/door.yaml:9:1: error: trapped [trap]
                machines/door.yaml:12:5: info: never fires [unreachable-transition]

                2 errors, 1 warning, 1 info in 2 files

                """)
    }

    @Test func textColoursSeveritiesAndRuleIDsForATerminal() {
        let escape = "\u{1B}["
        let reset = "\u{1B}[0m"
        #expect(
            TextReporter(colored: true).report(Self.results) == """
                machines/door.yaml:20:13: \(escape)31merror\(reset): lint suppression names unknown rule 'x'
                machines/door.yaml:3:7: \(escape)33mwarning\(reset): state 'Stuck' is not final [\(escape)1mdead-end\(reset)]
                    witness: Idle --start--> Stuck
                machines/door.yaml:9:1: \(escape)31merror\(reset): trapped [\(escape)1mtrap\(reset)]
                machines/door.yaml:12:5: \(escape)34minfo\(reset): never fires [\(escape)1munreachable-transition\(reset)]

                2 errors, 1 warning, 1 info in 2 files

                """)
    }

    @Test func colourOnlyForATerminalWithoutNoColor() {
        #expect(TerminalStyle.isEnabled(isTerminal: true, environment: [:]))
        #expect(TerminalStyle.isEnabled(isTerminal: true, environment: ["NO_COLOR": ""]), "empty counts as unset")
        #expect(!TerminalStyle.isEnabled(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!TerminalStyle.isEnabled(isTerminal: false, environment: [:]))
        #expect(ReportFormat.text.reporter(colored: true, toolVersion: "1").report([]).contains("\u{1B}") == false)
        #expect(ReportFormat.json.reporter(colored: true, toolVersion: "1").report(Self.results).contains("\u{1B}") == false)
    }

    @Test func findingsWithoutALocationNameOnlyTheFile() throws {
        let result = try Self.codeBuiltResult()
        #expect(
            TextReporter().report([result]) == """
                door: warning: state 'Stuck' is not final but no transition leaves it [dead-end]
                    witness: Idle --start--> Stuck

                1 warning in 1 file

                """)
        #expect(GitHubActionsReporter().report([result]).hasPrefix("::warning file=door,title=fsmviz dead-end::state 'Stuck'"))
        let json = JSONReporter().report([result])
        #expect(json.contains(#""line": null"#) && json.contains(#""column": null"#))
        let sarif = SARIFReporter(toolVersion: "0.1.0").report([result])
        #expect(!sarif.contains(#""region":"#))
    }

    /// A library caller may report an error made without a code: every report still names it by
    /// a code it has.
    @Test func anErrorWithoutACodeIsReportedAsAnInvalidMachine() {
        let result = LintResult(path: "door.json", errors: [Diagnostic(path: "door.json", location: nil, message: "broken")])
        #expect(JSONReporter().report([result]).contains("\"kind\": \"invalid-machine\""))
        #expect(SARIFReporter(toolVersion: "0.1.0").report([result]).contains("\"ruleId\": \"fsmviz/invalid-machine\""))
        #expect(GitHubActionsReporter().report([result]).contains("title=fsmviz invalid-machine::broken"))
    }

    @Test func githubCommandsEscapeMessagesAndProperties() {
        #expect(GitHubActionsReporter.escapeData("100% sure\r\nnext: a, b") == "100%25 sure%0D%0Anext: a, b")
        #expect(GitHubActionsReporter.escapeProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        let result = LintResult(
            path: "odd:name,1.yaml",
            findings: [Finding(ruleID: "trap", severity: .info, message: "50% done\nsee", location: SourceLocation(line: 2, column: 3))])
        #expect(
            GitHubActionsReporter().report([result]) == """
                ::notice file=odd%3Aname%2C1.yaml,line=2,col=3,title=fsmviz trap::50%25 done%0Asee
                1 info in 1 file

                """)
    }

    @Test func jsonEscapesWhatItMustAndRoundTrips() throws {
        let message = "quote \" backslash \\ newline \n tab \t bell \u{07} ünïcödé / slash"
        let result = LintResult(path: "a \"b\".json", findings: [Finding(ruleID: "trap", severity: .error, message: message)])
        let report = JSONReporter().report([result])
        #expect(report.contains(#"\u0007"#))
        #expect(report.contains("ünïcödé / slash"), "non-ASCII and slashes stay as they are")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let file = try #require((parsed["files"] as? [[String: Any]])?.first)
        #expect(file["path"] as? String == "a \"b\".json")
        #expect(((file["findings"] as? [[String: Any]])?.first?["message"] as? String) == message)
    }

    @Test func jsonKeysAreSortedAndOutputIsStable() {
        let report = JSONReporter().report(Self.results)
        #expect(report == JSONReporter().report(Self.results))
        let topLevel = report.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topLevel == ["files", "summary", "version"])
    }

    @Test func sarifURIsArePercentEncoded() {
        #expect(SARIFReporter.uri(for: "machines/door.yaml") == "machines/door.yaml")
        #expect(SARIFReporter.uri(for: "my machines/dör#1.json") == "my%20machines/d%C3%B6r%231.json")
        #expect(SARIFReporter.uri(for: "/abs/a b.json") == "file:///abs/a%20b.json")
    }

    @Test func sarifListsEveryRuleOnceWithItsIndex() throws {
        let report = SARIFReporter(toolVersion: "9.9.9").report(Self.results)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["version"] as? String == "9.9.9")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == SARIFReporter.ruleIDs)
        for rule in rules {
            let full = try #require((rule["fullDescription"] as? [String: Any])?["text"] as? String)
            #expect(full.count <= 1000, "GitHub truncates longer descriptions")
            #expect(rule["name"] as? String != rule["id"] as? String)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        #expect(results.compactMap { $0["level"] as? String } == ["error", "warning", "error", "note"])
        #expect((run["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false)
    }

    @Test func summaryLines() {
        #expect(LintSummary([LintResult(path: "a")]).text == "no problems in 1 file")
        #expect(LintSummary(Self.results).text == "2 errors, 1 warning, 1 info in 2 files")
        #expect(LintSummary([]).text == "no problems; no machine files were linted")
        let config = LintResult(
            path: ".fsmviz.yml", kind: .configuration, errors: [Diagnostic(path: ".fsmviz.yml", location: nil, message: "bad", code: .invalidConfiguration)])
        #expect(LintSummary([config]).text == "1 error; no machine files were linted")
        let summary = LintSummary(Self.results)
        #expect(summary.hasFinding(atLeast: .error) && summary.hasFinding(atLeast: .info))
        let onlyInfo = LintSummary([LintResult(path: "a", findings: [Finding(ruleID: "trap", severity: .info, message: "m")])])
        #expect(!onlyInfo.hasFinding(atLeast: .warning) && onlyInfo.hasFinding(atLeast: .info))
    }
}
