import Foundation
import TestSupport
import Testing

/// `fsmviz lint --baseline OLD`: only what the old version did not have fails the run.
@Suite struct LintBaselineTests {
    static let cases = "Tests/FSMAnalysisTests/Fixtures/diff/"

    @Test func findingsTheBaselineHasDoNotFail() throws {
        let without = try CommandRunner.run(["lint", Self.cases + "base.yaml", "--fail-on", "warning"])
        #expect(without.status == 1)
        #expect(without.stdoutText.contains("[nondeterministic-trigger]"))
        let with = try CommandRunner.run(
            ["lint", Self.cases + "base.yaml", "--baseline", Self.cases + "base.yaml", "--fail-on", "warning"])
        #expect(with.status == 0, "\(with.stdoutText)")
        #expect(with.stdoutText == "no problems in 1 file\n")
    }

    @Test func newFindingsStillFail() throws {
        let result = try CommandRunner.run(
            ["lint", Self.cases + "state-removed.yaml", "--baseline", Self.cases + "base.yaml", "--fail-on", "warning"])
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("state-removed.yaml:15:5: warning: event 'kick' is declared but no transition is triggered by it [unused-event]"))
    }

    @Test func anInvalidBaselineIsAnInputError() throws {
        let invalid = "Tests/FSMCoreTests/Fixtures/invalid/duplicate-id.json"
        let result = try CommandRunner.run(["lint", Self.cases + "base.yaml", "--baseline", invalid])
        #expect(result.status == 2)
        #expect(result.stdoutText.contains("\(invalid):6:5: error: state 'Idle' is declared twice"))
        let twoInputs = try CommandRunner.run(["lint", Self.cases, Self.cases, "--baseline", invalid])
        #expect(twoInputs.status == 2)
    }
}
