import FSMAnalysis
import FSMCore
import Testing

/// Runs every rule's own triggering and non-triggering examples, as SwiftLint does.
@Suite struct RuleExampleTests {
    static let rules = Analyzer.allRules.map { $0.description.identifier }

    static func machine(_ example: RuleExample, of rule: String) throws -> Machine {
        try MachineFileLoader.load(bytes: Array(example.yaml.utf8), format: .yaml, path: "\(rule)-example.yaml")
    }

    @Test(arguments: rules)
    func triggeringExamplesAreFlagged(rule id: String) throws {
        let rule = try #require(Analyzer.rule(withID: id))
        #expect(!rule.description.triggeringExamples.isEmpty)
        for example in rule.description.triggeringExamples {
            let findings = Analyzer(rules: [rule]).analyze(try Self.machine(example, of: id), semantics: example.semantics)
            #expect(!findings.isEmpty, "\(id) did not flag:\n\(example.yaml)")
            #expect(findings.allSatisfy { $0.ruleID == id && $0.location != nil && !$0.message.isEmpty })
            if !example.flagged.isEmpty {
                #expect(findings.map { $0.states.map(\.rawValue).joined(separator: "+") } == example.flagged, "\(example.yaml)")
            }
        }
    }

    @Test(arguments: rules)
    func nonTriggeringExamplesAreAccepted(rule id: String) throws {
        let rule = try #require(Analyzer.rule(withID: id))
        #expect(!rule.description.nonTriggeringExamples.isEmpty)
        for example in rule.description.nonTriggeringExamples {
            let findings = Analyzer(rules: [rule]).analyze(try Self.machine(example, of: id), semantics: example.semantics)
            #expect(findings.isEmpty, "\(id) flagged:\n\(example.yaml)\n\(findings.map(\.message))")
        }
    }

    @Test func ruleIdentifiersAreStableKebabCaseAndUnique() {
        #expect(Set(Self.rules).count == Self.rules.count)
        for id in Self.rules {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)")
        }
        #expect(
            Self.rules == [
                "unreachable-state", "dead-end", "nondeterministic-trigger", "trap", "no-final-reachable",
                "unused-event", "duplicate-transition", "final-has-outgoing", "shadowed-transition",
                "unreachable-transition", "impossible-event", "unknown-state-in-guard",
            ])
    }
}
