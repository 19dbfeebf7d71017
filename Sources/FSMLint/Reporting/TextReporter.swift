public import FSMAnalysis
import FSMCore

/// The default report, for people and for editors that turn `file:line:column:` into links:
///
/// ```
/// samples/broken.json:11:5: warning: state 'Stuck' is not final but no transition leaves it [dead-end]
///     witness: Idle --start--> Stuck
/// 1 warning in 1 file
/// ```
///
/// Input errors read like the compiler's: `file:line:column: error: message` (`warning:` for an
/// input left out). Each finding
/// is one line, whatever the machine's texts and file names hold (see ``/FSMCore/PrintableText``).
public struct TextReporter: FindingReporter {
    /// Whether to colour severities and rule ids with ANSI escapes (see ``TerminalStyle``).
    public var colored: Bool
    /// Whether the report ends with the count of findings (`2 errors, 1 warning in 1 file`).
    public var summarizes: Bool

    /// Creates a reporter; plain text unless `colored`, with a closing count unless not
    /// `summarizes`.
    public init(colored: Bool = false, summarizes: Bool = true) {
        self.colored = colored
        self.summarizes = summarizes
    }

    public func report(_ results: [LintResult]) -> String {
        var lines: [String] = []
        for result in results {
            for error in result.errors {
                let severity = error.severity == .error ? style("error", .red) : style("warning", .yellow)
                lines.append("\(Self.position(result.path, error.location)): \(severity): \(PrintableText.escaped(error.message))")
            }
            for finding in result.findings {
                let severity = style(finding.severity.rawValue, Self.color(of: finding.severity))
                let rule = style(PrintableText.escaped(finding.ruleID), .bold)
                lines.append(
                    "\(Self.position(result.path, finding.location)): \(severity): \(PrintableText.escaped(finding.message)) [\(rule)]")
                if let witness = finding.witness {
                    lines.append("    witness: \(PrintableText.escaped(witness.summary))")
                }
            }
        }
        guard summarizes else { return lines.map { $0 + "\n" }.joined() }
        if !lines.isEmpty { lines.append("") }
        lines.append(LintSummary(results).text)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The colour of a severity word: red errors, yellow warnings, blue info.
    public static func color(of severity: Severity) -> TerminalStyle {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .info: .blue
        }
    }

    private func style(_ text: String, _ style: TerminalStyle) -> String {
        colored ? style.apply(to: text) : text
    }

    /// `file:line:column`, or just `file` for a machine built in code.
    private static func position(_ path: String, _ location: SourceLocation?) -> String {
        let path = PrintableText.escaped(path)
        return location.map { "\(path):\($0.line):\($0.column)" } ?? path
    }
}
