import FSMAnalysis
import FSMCore

/// fsmviz's own JSON report, schema version 1, for scripts and dashboards.
///
/// Every key is always present (`null` when there is no value), object keys are sorted and
/// the indentation is fixed, so reports are byte-for-byte stable. docs/lint.md documents the
/// schema; a change that removes or renames a key raises ``schemaVersion``.
public struct JSONReporter: FindingReporter {
    /// The version of the schema this reporter writes, the report's `version`.
    public static let schemaVersion = 1

    /// Creates a reporter.
    public init() {}

    public func report(_ results: [LintResult]) -> String {
        let summary = LintSummary(results)
        let document: JSONValue = [
            "version": .int(Self.schemaVersion),
            "files": .array(results.map(Self.file)),
            "summary": [
                "files": .int(summary.files),
                "errors": .int(summary.errors),
                "warnings": .int(summary.warnings),
                "info": .int(summary.info),
                "inputErrors": .int(summary.inputErrors),
            ],
        ]
        return document.text(.expanded) + "\n"
    }

    private static func file(_ result: LintResult) -> JSONValue {
        [
            "path": .string(result.path),
            "kind": .string(result.kind.rawValue),
            "findings": .array(result.findings.map(finding)),
            "errors": .array(result.errors.map(error)),
        ]
    }

    private static func finding(_ finding: Finding) -> JSONValue {
        [
            "rule": .string(finding.ruleID),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "line": .nullable(finding.location?.line),
            "column": .nullable(finding.location?.column),
            "states": .array(finding.states.map { .string($0.rawValue) }),
            "events": .array(finding.events.map { .string($0.rawValue) }),
            "witness": finding.witness.map(witness) ?? .null,
        ]
    }

    private static func error(_ error: Diagnostic) -> JSONValue {
        [
            "kind": .string(error.lintCode.rawValue),
            "message": .string(error.message),
            "line": .nullable(error.location?.line),
            "column": .nullable(error.location?.column),
        ]
    }

    private static func witness(_ witness: Witness) -> JSONValue {
        switch witness {
        case .path(let steps):
            return ["summary": .string(witness.summary), "path": .array(steps.map(step))]
        case .transitions(let references):
            return ["summary": .string(witness.summary), "transitions": .array(references.map(transition))]
        }
    }

    /// `{"via": "initial" | "event" | "automatic" | "initial-child", "event": ..., "state": ...}`.
    private static func step(_ step: PathStep) -> JSONValue {
        let via: String
        var event: EventID?
        switch step.via {
        case nil: via = "initial"
        case .event(let id):
            via = "event"
            event = id
        case .automatic: via = "automatic"
        case .initialChild: via = "initial-child"
        }
        return ["via": .string(via), "event": .nullable(event?.rawValue), "state": .string(step.state.rawValue)]
    }

    private static func transition(_ reference: TransitionReference) -> JSONValue {
        [
            "source": .string(reference.source.rawValue),
            "event": .nullable(reference.event?.rawValue),
            "targets": .array(reference.targets.map { .string($0.rawValue) }),
            "guard": .nullable(reference.guardLabel),
            "line": .nullable(reference.location?.line),
            "column": .nullable(reference.location?.column),
        ]
    }
}
