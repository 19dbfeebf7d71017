import FSMAnalysis
import FSMCore
import Testing

/// `In()` of a state the machine does not have is reported at the guard, with the near name
/// where there is one, and only where guards read `In()`.
@Suite struct UnknownStateInGuardTests {
    static let machine = try? Machine(
        states: [State("Idle", kind: .initial), State("Running"), State("Stopped")],
        transitions: [
            Transition(from: "Idle", on: "start", to: "Running", guard: "In('Stoped') && ready", location: SourceLocation(line: 4, column: 3)),
            Transition(from: "Running", on: "stop", to: "Stopped", guard: "In('Elsewhere')", location: SourceLocation(line: 5, column: 3)),
            Transition(from: "Stopped", on: "reset", to: "Idle", guard: "In('Running') || In('Idle')"),
        ])

    @Test func anUnknownStateIsReportedAtItsGuardWithTheNearName() throws {
        let machine = try #require(Self.machine)
        let findings = Analyzer(rules: [UnknownStateInGuard.self]).analyze(machine, semantics: MachineSemantics(source: .scxml))
        #expect(
            findings.map(\.message) == [
                "guard In('Stoped') of 'Idle' names no state of this machine, so it is always false here; did you mean 'Stopped'?",
                "guard In('Elsewhere') of 'Running' names no state of this machine, so it is always false here (unless a document that includes this one declares it)",
            ])
        #expect(findings.map { $0.location?.line } == [4, 5])
        #expect(findings.allSatisfy { $0.severity == .warning })
    }

    @Test func machineFilesDoNotReadInGuards() throws {
        let machine = try #require(Self.machine)
        #expect(Analyzer(rules: [UnknownStateInGuard.self]).analyze(machine).isEmpty)
    }
}
