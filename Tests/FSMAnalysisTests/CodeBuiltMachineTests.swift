import FSMAnalysis
import FSMCore
import Testing

/// Machines built in code (FSMRuntime's `graph()`, a user's own `Machine(...)`) carry no
/// source locations; every rule must report them as it reports a file's machine.
@Suite struct CodeBuiltMachineTests {
    /// `machine` as code would build it: the same parts, no locations anywhere.
    static func withoutLocations(_ machine: Machine) throws -> Machine {
        try Machine(
            name: machine.name, summary: machine.summary,
            states: machine.states.map { withoutLocation($0, \.location) },
            events: machine.events.map { withoutLocation($0, \.location) },
            transitions: machine.transitions.map { withoutLocation($0, \.location) },
            suppressions: machine.suppressions.map { withoutLocation($0, \.location) })
    }

    static func withoutLocation<Part>(_ part: Part, _ location: WritableKeyPath<Part, FSMCore.SourceLocation?>) -> Part {
        var part = part
        part[keyPath: location] = nil
        return part
    }

    @Test(arguments: RuleExampleTests.rules)
    func everyRuleFlagsItsExamplesWithoutLocations(rule id: String) throws {
        let rule = try #require(Analyzer.rule(withID: id))
        for example in rule.description.triggeringExamples {
            let fromFile = try RuleExampleTests.machine(example, of: id)
            let inCode = try Self.withoutLocations(fromFile)
            let expected = Analyzer(rules: [rule]).analyze(fromFile, semantics: example.semantics)
            let found = Analyzer(rules: [rule]).analyze(inCode, semantics: example.semantics)
            #expect(!found.isEmpty, "\(id) did not flag the example built in code:\n\(example.yaml)")
            #expect(found.map(\.message) == expected.map(\.message))
            #expect(found.allSatisfy { $0.location == nil })
        }
    }

    @Test func analyzeReportsAnUnusedEventOfAMachineBuiltInCode() throws {
        let machine = try Machine(
            states: [State("Idle", kind: .initial), State("Busy")],
            events: [Event("start"), Event("cancel")],
            transitions: [Transition(from: "Idle", on: "start", to: "Busy"), Transition(from: "Busy", on: "start", to: "Idle")])
        let unused = machine.analyze().filter { $0.ruleID == "unused-event" }
        #expect(unused.map(\.message) == ["event 'cancel' is declared but no transition is triggered by it"])
        #expect(unused.map(\.events) == [["cancel"]])
    }
}
