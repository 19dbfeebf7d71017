public import FSMAnalysis
import FSMCore

/// GitHub Actions workflow commands, which the runner turns into annotations on the pull
/// request's files:
///
/// ```
/// ::warning file=samples/broken.json,line=11,col=5,title=fsmviz dead-end::state 'Stuck' is not final…
/// ```
///
/// Errors become `::error`, warnings `::warning` and info `::notice`; input errors are
/// `::error` with the title `fsmviz invalid-machine` (or the kind's id; an input left out is a
/// `::warning`). A plain summary line
/// ends the log.
public struct GitHubActionsReporter: FindingReporter {
    /// Creates a reporter.
    public init() {}

    public func report(_ results: [LintResult]) -> String {
        var lines: [String] = []
        for result in results {
            for error in result.errors {
                lines.append(
                    Self.command(
                        error.severity == .error ? "error" : "warning", file: result.path, location: error.location,
                        title: "fsmviz \(error.lintCode.rawValue)", message: error.message))
            }
            for finding in result.findings {
                let message = finding.witness.map { "\(finding.message)\nwitness: \($0.summary)" } ?? finding.message
                lines.append(
                    Self.command(
                        Self.command(for: finding.severity), file: result.path, location: finding.location,
                        title: "fsmviz \(finding.ruleID)", message: message))
            }
        }
        lines.append(LintSummary(results).text)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The workflow command for a severity.
    public static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    /// Escapes a command's message as the runner expects: `%`, carriage return and line feed.
    public static func escapeData(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// Escapes a property value: as ``escapeData(_:)``, and also `:` and `,`, which would end
    /// the property.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    // Works on Unicode scalars: as Characters, "\r\n" is one grapheme that neither "\r" nor
    // "\n" would match.
    private static func escape(_ text: String, _ replacements: [Unicode.Scalar: String]) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] {
                escaped += replacement
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func command(
        _ name: String, file: String, location: SourceLocation?, title: String, message: String
    ) -> String {
        // The log shows the line as it is, interpreting ANSI escapes: terminal controls and
        // bidirectional overrides are escaped as for a terminal, line feeds as the runner wants.
        let printable = PrintableText.escapedKeepingLineFeeds
        var properties = ["file=\(escapeProperty(printable(file)))"]
        if let location {
            properties += ["line=\(location.line)", "col=\(location.column)"]
        }
        properties.append("title=\(escapeProperty(printable(title)))")
        return "::\(name) \(properties.joined(separator: ","))::\(escapeData(printable(message)))"
    }
}
