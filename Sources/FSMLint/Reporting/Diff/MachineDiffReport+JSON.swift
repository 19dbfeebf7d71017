import FSMAnalysis
import FSMCore

extension MachineDiffReport {
    /// The version of the JSON report's schema, its `version`; docs/diff.md documents it.
    public static let jsonSchemaVersion = 1

    /// The report as JSON, keys sorted, every key always present.
    var json: String { jsonValue.text(.expanded) + "\n" }

    /// The report's JSON document, which a directory's report holds one of per changed machine.
    var jsonValue: JSONValue {
        var counts: [String: JSONValue] = [:]
        for kind in ChangeKind.allCases {
            let count = diff.count(of: kind)
            counts[kind.rawValue] = [
                "states": .int(count.states), "transitions": .int(count.transitions), "events": .int(count.events),
            ]
        }
        counts["initialState"] = .bool(diff.initialState != nil)
        let document: JSONValue = [
            "version": .int(Self.jsonSchemaVersion),
            "old": .string(oldPath),
            "new": .string(newPath),
            "summary": .string(diff.summary),
            "counts": .sorted(counts),
            "initialState": diff.initialState.map { ["old": .string($0.old.rawValue), "new": .string($0.new.rawValue)] } ?? .null,
            "changes": .array(entries.map(Self.json)),
            "picture": .nullable(picture),
            "findings": Self.json(findings, oldPath: oldPath, newPath: newPath),
        ]
        return document
    }

    /// A findings' delta as the JSON reports hold it, or `null` when findings were not asked for.
    static func json(_ findings: FindingDelta?, oldPath: String?, newPath: String?) -> JSONValue {
        findings.map { delta in
            [
                "introduced": .array(delta.introduced.map { json($0, path: newPath ?? "") }),
                "fixed": .array(delta.fixed.map { json($0, path: oldPath ?? "") }),
            ]
        } ?? .null
    }

    private static func json(_ entry: DiffEntry) -> JSONValue {
        [
            "element": .string(entry.element),
            "kind": .string(entry.kind.rawValue),
            "message": .string(entry.message),
            "aspects": .array(entry.aspects.map(JSONValue.string)),
            "state": .nullable(entry.state),
            "event": .nullable(entry.event),
            "path": .string(entry.path),
            "line": .nullable(entry.location?.line),
            "column": .nullable(entry.location?.column),
        ]
    }

    private static func json(_ finding: Finding, path: String) -> JSONValue {
        [
            "rule": .string(finding.ruleID),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "path": .string(path),
            "line": .nullable(finding.location?.line),
            "column": .nullable(finding.location?.column),
        ]
    }
}
