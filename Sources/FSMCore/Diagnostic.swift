/// A problem fsmviz reports about a file: which file, where in it, how serious, and what.
///
/// Every command reports machine files that cannot be read, configuration files that are
/// wrong and content a format could not carry over as diagnostics, so they all read alike,
/// in the `file:line:column: severity: message` form that compilers use and that editors and
/// CI logs turn into links. ``MachineFileError``, `ConfigurationError` (module FSMLint) and
/// `InteropWarning` (module FSMInterop) are the diagnostics of their kind.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, CaseIterable {
        /// The file could not be used as asked.
        case error
        /// The file was used, but something in it was not carried over or checked.
        case warning
    }

    /// The file's path as the user gave it (`<stdin>` for standard input; empty for a machine
    /// not yet written anywhere).
    public var path: String
    /// Where in the file, when the problem has a position.
    public var location: SourceLocation?
    /// Whether it is an error or a warning.
    public var severity: Severity
    /// What is wrong, written for a person.
    public var message: String
    /// What kind of problem it is, for reports and tools that match on it; `nil` when only the
    /// message says.
    public var code: Code?

    /// A stable identifier of a kind of problem (`invalid-machine`): what reports and tools
    /// match on, where the message is written for people. Each module names its own codes as
    /// static members, so the set grows without changing this type.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier, in lower case with hyphens.
        public var rawValue: String

        /// A code with the identifier `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The identifier.
        public var description: String { rawValue }
    }

    /// Creates an error: the form most diagnostics take.
    public init(path: String, location: SourceLocation?, message: String, code: Code? = nil) {
        self.init(path: path, location: location, severity: .error, message: message, code: code)
    }

    /// Creates a diagnostic of any severity.
    public init(path: String, location: SourceLocation?, severity: Severity, message: String, code: Code? = nil) {
        self.path = path
        self.location = location
        self.severity = severity
        self.message = message
        self.code = code
    }

    /// A warning.
    public static func warning(path: String, location: SourceLocation?, message: String) -> Diagnostic {
        Diagnostic(path: path, location: location, severity: .warning, message: message)
    }

    /// `path:line:column: severity: message`, without the position when there is none: one
    /// line, whatever the path and message hold (see ``PrintableText``).
    public var description: String {
        let position = location.map { ":\($0.line):\($0.column)" } ?? ""
        return "\(PrintableText.escaped(path))\(position): \(severity.rawValue): \(PrintableText.escaped(message))"
    }
}

/// A machine file that cannot be read, parsed or turned into a valid machine: an error
/// ``Diagnostic``.
public typealias MachineFileError = Diagnostic

extension Diagnostic {
    /// The name diagnostics give the input at `path`: `<stdin>` for `-`, which stands for
    /// standard input on every command line; any other path as it was given.
    public static func displayPath(for path: String) -> String {
        path == "-" ? "<stdin>" : path
    }
}
