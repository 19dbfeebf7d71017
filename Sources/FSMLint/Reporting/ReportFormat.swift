/// The formats `fsmviz lint` writes.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// One line per finding, for people and editors.
    case text
    /// fsmviz's own JSON schema (version 1), documented in docs/lint.md.
    case json
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands, which annotate the pull request's files.
    case github

    /// The reporter for this format.
    ///
    /// - Parameters:
    ///   - colored: Whether the text report may use ANSI colours; other formats ignore it.
    ///   - toolVersion: fsmviz's version, which the SARIF report records.
    public func reporter(colored: Bool = false, toolVersion: String) -> any FindingReporter {
        switch self {
        case .text: TextReporter(colored: colored)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(toolVersion: toolVersion)
        case .github: GitHubActionsReporter()
        }
    }
}
