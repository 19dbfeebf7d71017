import DiagramCheck

/// One checked drawing as `--json` prints it: one JSON object a line, for scripts
/// (`scripts/diagram-compare` makes its table of them).
struct ReportLine: Encodable {
    /// One finding.
    struct Finding: Encodable {
        var kind: String
        var transitions: [Int]
        var message: String
    }

    var path: String?
    /// The neutral drawing file checked, or `nil` for fsmviz's own layout.
    var drawing: String?
    var transitionCount: Int
    var labelCount: Int
    var aspectRatio: Double
    var stateCoverage: Double
    var findings: [Finding]

    init(_ report: DiagramReport, drawing: String?) {
        path = report.path
        self.drawing = drawing
        transitionCount = report.transitionCount
        labelCount = report.labelCount
        aspectRatio = report.aspectRatio
        stateCoverage = report.stateCoverage
        findings = report.findings.map { Finding(kind: $0.kind.rawValue, transitions: $0.transitions, message: $0.message) }
    }
}
