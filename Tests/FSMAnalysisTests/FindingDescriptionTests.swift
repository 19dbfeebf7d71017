import FSMAnalysis
import FSMCore
import Testing

/// What `print(finding)` shows: the line `fsmviz lint` prints for it, without a file.
@Suite struct FindingDescriptionTests {
    @Test func aFindingReadsAsALintLine() {
        let finding = Finding(
            ruleID: "dead-end", severity: .warning, message: "state 'Stuck' is not final but no transition leaves it",
            states: ["Stuck"],
            witness: .path([PathStep(via: nil, state: "Idle"), PathStep(via: .event("start"), state: "Stuck")]),
            location: SourceLocation(line: 11, column: 5))
        #expect(
            "\(finding)"
                == "11:5: warning: state 'Stuck' is not final but no transition leaves it [dead-end] (witness: Idle --start--> Stuck)")
    }

    @Test func aFindingOfAMachineBuiltInCodeHasNoPosition() throws {
        let machine = try Machine(
            states: [State("Idle", kind: .initial), State("Busy")],
            events: [Event("start"), Event("cancel")],
            transitions: [Transition(from: "Idle", on: "start", to: "Busy"), Transition(from: "Busy", on: "start", to: "Idle")])
        let unused = machine.analyze().filter { $0.ruleID == "unused-event" }
        #expect("\(unused)" == "[warning: event 'cancel' is declared but no transition is triggered by it [unused-event]]")
    }

    @Test func aFindingInOneOfSeveralFilesNamesItsFile() {
        let finding = Finding(
            ruleID: "unreachable-state", severity: .error, message: "state 'Gone' cannot be reached",
            location: SourceLocation(file: "Sources/App/Flow.swift", line: 3, column: 10))
        #expect("\(finding)" == "Sources/App/Flow.swift:3:10: error: state 'Gone' cannot be reached [unreachable-state]")
    }
}
