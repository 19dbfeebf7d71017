/// Turns the results of a lint run into one report, in one format.
///
/// Reporters are pure: the same results always give the same bytes, so reports can be
/// compared with golden files and diffed between runs.
public protocol FindingReporter: Sendable {
    /// The whole report for `results`, ready to print or write to a file.
    func report(_ results: [LintResult]) -> String
}
