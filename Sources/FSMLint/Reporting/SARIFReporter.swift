public import FSMAnalysis
import FSMCore

/// A SARIF 2.1.0 log, the format GitHub code scanning and other viewers read.
///
/// One run, whose driver lists every rule (fsmviz's lint rules, then one `fsmviz/…` rule per
/// kind of input error, so that unreadable files show up as alerts too). Locations are the
/// paths as given, as relative URI references, which code scanning resolves against the
/// repository root; columns count Unicode code points, as the run's `columnKind` says.
public struct SARIFReporter: FindingReporter {
    /// The schema the log declares: the OASIS schema's own identifier.
    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// Where to learn about fsmviz, the driver's `informationUri`.
    public static let informationURI = "https://github.com/fsmviz/fsmviz"
    /// The prefix that sets input errors' rule ids apart from lint rules' ids.
    public static let inputErrorRulePrefix = "fsmviz/"

    /// fsmviz's version, recorded as the driver's version.
    public var toolVersion: String

    /// Creates a reporter for fsmviz `toolVersion`.
    public init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    /// Every rule id in the driver, in `ruleIndex` order.
    public static var ruleIDs: [String] {
        Analyzer.allRules.map { $0.description.identifier } + [Linter.unsupportedContentRuleID]
            + InputErrorKind.allCases.map { inputErrorRulePrefix + $0.rawValue }
    }

    public func report(_ results: [LintResult]) -> String {
        let indices = Dictionary(Self.ruleIDs.enumerated().map { ($1, $0) }) { first, _ in first }
        var sarifResults: [JSONValue] = []
        for result in results {
            for error in result.errors {
                let ruleID = Self.inputErrorRulePrefix + error.lintCode.rawValue
                sarifResults.append([
                    "ruleId": .string(ruleID),
                    "ruleIndex": .nullable(indices[ruleID]),
                    "level": .string(error.severity.rawValue),
                    "message": ["text": .string(error.message)],
                    "locations": [.sorted(Self.location(result.path, error.location))],
                ])
            }
            for finding in result.findings {
                var entry: [String: JSONValue] = [
                    "ruleId": .string(finding.ruleID),
                    "ruleIndex": .nullable(indices[finding.ruleID]),
                    "level": .string(Self.level(finding.severity)),
                    "message": ["text": .string(Self.message(finding))],
                    "locations": [.sorted(Self.location(result.path, finding.location))],
                ]
                if case .transitions(let references) = finding.witness {
                    let related = references.filter { $0.location != nil }.enumerated().map { offset, reference in
                        var location = Self.location(result.path, reference.location)
                        location["id"] = .int(offset + 1)
                        location["message"] = ["text": .string(reference.text)]
                        return JSONValue.sorted(location)
                    }
                    if !related.isEmpty { entry["relatedLocations"] = .array(related) }
                }
                sarifResults.append(.sorted(entry))
            }
        }
        let log: JSONValue = [
            "$schema": .string(Self.schemaURI),
            "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "fsmviz",
                            "informationUri": .string(Self.informationURI),
                            "version": .string(toolVersion),
                            "semanticVersion": .string(toolVersion),
                            "rules": .array(Self.ruleDescriptors()),
                        ]
                    ],
                    "columnKind": "unicodeCodePoints",
                    "invocations": [
                        ["executionSuccessful": .bool(results.allSatisfy { $0.errors.isEmpty })]
                    ],
                    "results": .array(sarifResults),
                ]
            ],
        ]
        return log.text(.expanded) + "\n"
    }

    /// SARIF's levels: `error`, `warning`, and `note` for info.
    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative path as a URI reference (percent-encoded), an absolute one as a `file` URI.
    public static func uri(for path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-._~/".contains(character) {
                encoded.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    private static func message(_ finding: Finding) -> String {
        finding.witness.map { "\(finding.message)\nwitness: \($0.summary)" } ?? finding.message
    }

    private static func location(_ path: String, _ position: SourceLocation?) -> [String: JSONValue] {
        // A machine read from Swift spans files: a related state may be declared in another.
        var physical: [String: JSONValue] = ["artifactLocation": ["uri": .string(uri(for: position?.file ?? path))]]
        if let position {
            physical["region"] = ["startLine": .int(position.line), "startColumn": .int(position.column)]
        }
        return ["physicalLocation": .sorted(physical)]
    }

    private static func ruleDescriptors() -> [JSONValue] {
        let lintRules = Analyzer.allRules.map { rule -> JSONValue in
            let description = rule.description
            let id = description.identifier
            let silencing = """
                Silence it for a project in .fsmviz.yml (disable: [\(id)]), for one machine in its \
                file's lint section (lint: {disable: [\(id)]}), or for one state \
                (lint: {states: {STATE: [\(id)]}}).
                """
            var markdown = description.summary
            for (title, example) in [("Flagged", description.triggeringExamples.first), ("Accepted", description.nonTriggeringExamples.first)] {
                guard let example else { continue }
                let readAs = example.source == .machineFile ? "" : " (read with \(example.source.displayName)'s rules)"
                markdown += "\n\n\(title)\(readAs):\n\n```yaml\n\(example.yaml)\n```"
            }
            markdown += "\n\n" + silencing
            return descriptor(
                id: id, title: description.name, summary: description.summary,
                help: description.summary + "\n\n" + silencing + " Run 'fsmviz rules \(id)' for examples.",
                markdown: markdown, level: level(description.defaultSeverity))
        }
        let unsupported = descriptor(
            id: Linter.unsupportedContentRuleID, title: "Unsupported content",
            summary: Self.unsupportedContentSummary, help: Self.unsupportedContentSummary, markdown: nil, level: "warning")
        let inputRules = InputErrorKind.allCases.map { kind in
            descriptor(
                id: inputErrorRulePrefix + kind.rawValue, title: kind.title, summary: kind.summary,
                help: kind.summary, markdown: nil, level: kind == .skippedInput ? "warning" : "error")
        }
        return lintRules + [unsupported] + inputRules
    }

    private static let unsupportedContentSummary =
        "The machine file holds content fsmviz does not model, such as SCXML's <datamodel> or <invoke>, "
        + "so the rules did not see it and may miss what it does. docs/interop.md lists what each format maps to. "
        + "Disable it in .fsmviz.yml (disable: [\(Linter.unsupportedContentRuleID)]) once the file has been reviewed."

    private static func descriptor(
        id: String, title: String, summary: String, help: String, markdown: String?, level: String
    ) -> JSONValue {
        var helpObject: [String: JSONValue] = ["text": .string(help)]
        if let markdown { helpObject["markdown"] = .string(markdown) }
        return [
            "id": .string(id),
            "name": .string(pascalCase(id)),
            "shortDescription": ["text": .string(title)],
            "fullDescription": ["text": .string(summary)],
            "help": .sorted(helpObject),
            "defaultConfiguration": ["level": .string(level)],
        ]
    }

    /// `dead-end` → `DeadEnd`, `fsmviz/invalid-machine` → `InvalidMachine`: SARIF wants a
    /// name that is an identifier and differs from the id.
    private static func pascalCase(_ id: String) -> String {
        let last = id.split(separator: "/").last ?? Substring(id)
        return last.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
