public import FSMAnalysis
internal import FSMCore

extension RuleCatalog {
    /// `rules` as JSON, for tools: each rule's id, name, default severity and summary, and the
    /// machines it flags and accepts (`fsmviz rules --format json`).
    public static func json(_ rules: [any Rule.Type]) -> String {
        let entries = rules.map { rule -> JSONValue in
            let description = rule.description
            func examples(_ list: [RuleExample]) -> JSONValue {
                .array(list.map { ["yaml": .string($0.yaml), "flags": .array($0.flagged.map(JSONValue.string))] })
            }
            return [
                "id": .string(description.identifier),
                "name": .string(description.name),
                "severity": .string(description.defaultSeverity.rawValue),
                "summary": .string(description.summary),
                "flagged": examples(description.triggeringExamples),
                "accepted": examples(description.nonTriggeringExamples),
            ]
        }
        let document: JSONValue = ["version": 1, "rules": .array(entries)]
        return document.text(.expanded) + "\n"
    }
}
