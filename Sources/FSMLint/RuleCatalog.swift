public import FSMAnalysis
internal import FSMCore

/// The rules explained for people: what `fsmviz rules` prints and the table in docs/lint.md,
/// all taken from the rules' own ``/FSMAnalysis/RuleDescription``s so they cannot drift apart.
public enum RuleCatalog {
    /// The width text is wrapped to.
    public static let width = 80

    /// Every rule: id, default severity and name, then its summary.
    public static func listing() -> String {
        var blocks = Analyzer.allRules.map { rule in
            let description = rule.description
            return "\(description.identifier) (\(description.defaultSeverity.rawValue)): \(description.name)\n"
                + wrap(description.summary, indent: "    ")
        }
        blocks.append(
            wrap(
                "Run 'fsmviz rules RULE-ID' for a rule's examples. Rules are silenced in .fsmviz.yml or in a "
                    + "machine file's 'lint' section; see docs/lint.md."))
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// One rule in full: its summary, the machines it flags and accepts, and how to silence it.
    public static func detail(_ rule: any Rule.Type) -> String {
        let description = rule.description
        let id = description.identifier
        var blocks = [
            "\(id): \(description.name)\nDefault severity: \(description.defaultSeverity.rawValue)",
            wrap(description.summary),
        ]
        for (title, examples) in [("Flagged", description.triggeringExamples), ("Accepted", description.nonTriggeringExamples)] {
            for (number, example) in examples.enumerated() {
                let heading = examples.count == 1 ? "\(title):" : "\(title) (\(number + 1) of \(examples.count)):"
                let flagged = example.flagged.isEmpty ? "" : "\n    # flags: \(example.flagged.joined(separator: ", "))"
                let readAs = example.source == .machineFile ? "" : "\n    # read with \(example.source.displayName)'s rules"
                blocks.append(heading + "\n" + indent(example.yaml, "    ") + flagged + readAs)
            }
        }
        blocks.append(
            wrap(
                "Silence it for a whole project in .fsmviz.yml (disable: [\(id)]), for one machine in its "
                    + "file's lint section (lint: {disable: [\(id)]}), or for one state "
                    + "(lint: {states: {STATE: [\(id)]}})."))
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// A Markdown table of every rule: id, default severity, summary.
    public static func markdownTable() -> String {
        var lines = ["| rule | default severity | what it finds |", "| --- | --- | --- |"]
        for rule in Analyzer.allRules {
            let description = rule.description
            let summary = description.summary.replacing("|", with: "\\|").replacing("\n", with: " ")
            lines.append("| `\(description.identifier)` | \(description.defaultSeverity.rawValue) | \(summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` wrapped at word boundaries to ``width`` columns, each line starting with `indent`.
    static func wrap(_ text: String, indent: String = "") -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }

    private static func indent(_ text: String, _ prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : prefix + $0 }
            .joined(separator: "\n")
    }
}
