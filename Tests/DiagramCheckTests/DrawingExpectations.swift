import DiagramCheck
import Testing

/// The test helper over ``DiagramChecker``: records one issue per finding of the given kinds,
/// with the checker's own message, so a failing test reads like `scripts/diagram-check`.
enum DrawingExpectations {
    /// What every drawing with default options must be, because a reader trusts it as the
    /// machine: nothing drawn on the wrong state, missing or merged, no region out of order, no
    /// detached label, within 3:1.
    static let required: Set<DiagramFinding.Kind> = [
        .wrongState, .missing, .merged, .regionsOutOfOrder, .detachedLabel, .aspectRatio,
    ]

    /// Records an issue for each finding in `report` of a kind in `kinds`.
    static func expectNoFindings(
        _ report: DiagramReport, of kinds: Set<DiagramFinding.Kind> = required,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for finding in report.findings where kinds.contains(finding.kind) {
            let place = finding.location.map { ":\($0)" } ?? ""
            Issue.record(
                "\(report.subject)\(place): \(finding.kind.rawValue): \(finding.message)", sourceLocation: sourceLocation)
        }
    }
}
