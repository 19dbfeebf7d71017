public import FSMAnalysis
public import FSMCore

/// What linting one file produced: the findings in a machine file, and any input errors that
/// file caused.
public struct LintResult: Hashable, Sendable {
    /// The file's path as the user gave it, or as found under a directory they gave.
    public var path: String
    /// Whether the file is a machine file or a configuration file.
    public var kind: Kind
    /// The findings of the rules that ran, in the order the analyzer gives them.
    public var findings: [Finding]
    /// The problems that kept the file from being linted as asked.
    public var errors: [Diagnostic]

    /// Creates a result.
    public init(path: String, kind: Kind = .machine, findings: [Finding] = [], errors: [Diagnostic] = []) {
        self.path = path
        self.kind = kind
        self.findings = findings
        self.errors = errors
    }

    /// The kinds of file a result can be about.
    public enum Kind: String, Hashable, Sendable {
        /// A machine file (or a directory that held none).
        case machine
        /// A configuration file, reported only when it has errors.
        case configuration
    }
}
