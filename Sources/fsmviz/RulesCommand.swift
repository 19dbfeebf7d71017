import ArgumentParser
import FSMAnalysis
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
                  fsmviz rules --format json
                """
        )

        /// How the rules are printed.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @Argument(
            help: ArgumentHelp("The rule to explain, such as 'dead-end'.", valueName: "rule-id"),
            completion: .list(Analyzer.allRules.map { $0.description.identifier }))
        var ruleID: String?

        @Option(help: "Output format: text for people, json for tools.")
        var format: Format = .text

        func validate() throws {
            guard let ruleID, Analyzer.rule(withID: ruleID) == nil else { return }
            let hint = Suggestion.hint(for: ruleID, among: Analyzer.allRules.map { $0.description.identifier })
            throw ValidationError("unknown rule '\(ruleID)'" + (hint.isEmpty ? "; 'fsmviz rules' lists the rules" : hint))
        }

        func run() throws {
            let rule = ruleID.flatMap(Analyzer.rule(withID:))
            let text: String
            switch format {
            case .text: text = rule.map(RuleCatalog.detail) ?? RuleCatalog.listing()
            case .json: text = RuleCatalog.json(rule.map { [$0] } ?? Analyzer.allRules)
            }
            Console.write(Array(text.utf8))
        }
    }
}
