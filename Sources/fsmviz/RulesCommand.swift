import FSMAnalysis
import ArgumentParser
import FSMCore
import FSMLint

extension FsmvizCommand {
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "List the lint rules, or explain one with examples.",
            discussion: """
                Examples:
                  fsmviz rules
                  fsmviz rules dead-end
                """
        )

        @Argument(help: ArgumentHelp("The rule to explain, such as 'dead-end'.", valueName: "rule-id"))
        var ruleID: String?

        func validate() throws {
            guard let ruleID, Analyzer.rule(withID: ruleID) == nil else { return }
            let hint = Suggestion.hint(for: ruleID, among: Analyzer.allRules.map { $0.description.identifier })
            throw ValidationError("unknown rule '\(ruleID)'" + (hint.isEmpty ? "; 'fsmviz rules' lists the rules" : hint))
        }

        func run() throws {
            let text = ruleID.flatMap(Analyzer.rule(withID:)).map(RuleCatalog.detail) ?? RuleCatalog.listing()
            Console.write(Array(text.utf8))
        }
    }
}
