public import FSMAnalysis
import FSMCore

/// The report `fsmviz diff` prints: what changed between two versions of a machine, as text,
/// JSON or Markdown.
///
/// Every text from the machines is escaped onto one line (``/FSMCore/PrintableText``), and
/// in Markdown also kept from being read as markup, so a machine cannot forge report lines.
public struct MachineDiffReport: Sendable {
    /// The old version's path as the user gave it.
    public var oldPath: String
    /// The new version's path as the user gave it.
    public var newPath: String
    /// The changes.
    public var diff: MachineDiff
    /// Where the drawing of the change was written, for the Markdown report to show it.
    public var picture: String?
    /// Lint findings the change introduces and fixes, when they were asked for.
    public var findings: FindingDelta?

    /// Creates a report.
    public init(
        oldPath: String, newPath: String, diff: MachineDiff, picture: String? = nil, findings: FindingDelta? = nil
    ) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.diff = diff
        self.picture = picture
        self.findings = findings
    }

    /// The report in `format`, ending with a line feed.
    public func render(_ format: DiffReportFormat) -> String {
        switch format {
        case .text: text
        case .json: json
        case .markdown: markdown
        }
    }

    var entries: [DiffEntry] { DiffEntry.entries(of: diff, oldPath: oldPath, newPath: newPath) }

    /// `old -> new: summary`, then a `file:line:column: message` line per change, then the
    /// findings' delta.
    var text: String {
        var lines = ["\(PrintableText.escaped(oldPath)) -> \(PrintableText.escaped(newPath)): \(PrintableText.escaped(diff.summary))"]
        for entry in entries {
            // A machine read from several files (Swift sources) says which one holds the change.
            let file = entry.location?.file ?? entry.path
            let position = PrintableText.escaped(file) + (entry.location.map { ":\($0.line):\($0.column)" } ?? "")
            lines.append("\(position): \(PrintableText.escaped(entry.message))")
        }
        if let findings { lines += Self.textLines(findings, oldPath: oldPath, newPath: newPath) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A findings' delta as the text reports list it: a count, then each finding at its place,
    /// the fixed ones in the old version.
    static func textLines(_ findings: FindingDelta, oldPath: String?, newPath: String?) -> [String] {
        var lines = ["findings: \(findings.summary)"]
        for (word, list) in [("introduced", findings.introduced), ("fixed", findings.fixed)] {
            let path = (word == "fixed" ? oldPath : newPath) ?? ""
            for finding in list {
                let position = PrintableText.escaped(path) + (finding.location.map { ":\($0.line):\($0.column)" } ?? "")
                lines.append(
                    "\(position): \(word) \(finding.severity.rawValue): \(PrintableText.escaped(finding.message)) [\(PrintableText.escaped(finding.ruleID))]")
            }
        }
        return lines
    }
}
