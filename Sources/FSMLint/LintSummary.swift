public import FSMAnalysis
import FSMCore

/// Counts over a lint run, for the summary line, the JSON report and the exit status.
public struct LintSummary: Hashable, Sendable {
    /// The machine files (and directories without any) looked at.
    public var files: Int
    /// Findings of severity error.
    public var errors: Int
    /// Findings of severity warning.
    public var warnings: Int
    /// Findings of severity info.
    public var info: Int
    /// Input errors: files that could not be linted as asked.
    public var inputErrors: Int
    /// Inputs left out, each a warning (`Diagnostic.Code.skippedInput`): the run is
    /// incomplete.
    public var skipped: Int

    /// The counts for `results`.
    public init(_ results: [LintResult]) {
        var summary = (files: 0, errors: 0, warnings: 0, info: 0, inputErrors: 0, skipped: 0)
        for result in results {
            if result.kind == .machine { summary.files += 1 }
            summary.inputErrors += result.errors.count { $0.severity == .error }
            summary.skipped += result.errors.count { $0.severity == .warning }
            for finding in result.findings {
                switch finding.severity {
                case .error: summary.errors += 1
                case .warning: summary.warnings += 1
                case .info: summary.info += 1
                }
            }
        }
        (files, errors, warnings, info, inputErrors, skipped) = summary
    }

    /// Whether any finding is at least as serious as `severity`.
    public func hasFinding(atLeast severity: Severity) -> Bool {
        switch severity {
        case .error: errors > 0
        case .warning: errors + warnings > 0
        case .info: errors + warnings + info > 0
        }
    }

    /// `3 errors, 1 warning, 1 info in 2 files`, or `no problems in 7 files`. Input errors
    /// count as errors here: to a person reading a log, a file that could not be checked is one.
    /// When no machine file was linted at all (an invalid configuration, or everything
    /// excluded) it says so instead of "in 0 files"; a run that left inputs out ends by saying
    /// it is incomplete.
    public var text: String {
        let counts = [(errors + inputErrors, "error", "errors"), (warnings + skipped, "warning", "warnings"), (info, "info", "info")]
            .filter { $0.0 > 0 }
            .map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
        let problems = counts.isEmpty ? "no problems" : counts.joined(separator: ", ")
        let incomplete = skipped > 0 ? "; incomplete: \(skipped) \(skipped == 1 ? "input" : "inputs") left out (warnings above)" : ""
        guard files > 0 else { return "\(problems); no machine files were linted" + incomplete }
        return "\(problems) in \(files) \(files == 1 ? "file" : "files")" + incomplete
    }
}
