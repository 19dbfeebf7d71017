public import FSMCore

/// The codes of the problems that keep fsmviz from linting something as asked: a machine file
/// that cannot be read or is invalid, a suppression that names no rule, a configuration file
/// that is wrong, a directory with no machine files, an input left out. A ``LintResult``'s ``LintResult/errors``
/// are ``/FSMCore/Diagnostic``s with one of them.
///
/// Unlike a finding, an input error cannot be configured away: it always makes `fsmviz lint`
/// exit with status 2, because whatever it is about was not checked as the author intended. A
/// skipped input is a warning of its own: the run went on without it, and exits with status 4
/// (incomplete) unless an error says more.
/// The identifiers are stable: the JSON report's `kind` and, prefixed with `fsmviz/`, the
/// SARIF report's rule ids.
extension Diagnostic.Code {
    /// A machine file that cannot be read, parsed or turned into a valid machine.
    public static let invalidMachine = Self(InputErrorKind.invalidMachine)
    /// A machine file's `lint` section silences a rule fsmviz does not have.
    public static let unknownSuppression = Self(InputErrorKind.unknownSuppression)
    /// A `.fsmviz.yml` (or `--config` file) that cannot be read or is invalid.
    public static let invalidConfiguration = Self(InputErrorKind.invalidConfiguration)
    /// A directory that cannot be listed or holds no machine files.
    public static let noMachineFiles = Self(InputErrorKind.noMachineFiles)
    /// An input left out, so the run covers less than it was given: a Swift machine over a
    /// limit, the files of a module that holds an unreadable one.
    /// Always a warning.
    public static let skippedInput = Self(InputErrorKind.skippedInput)

    init(_ kind: InputErrorKind) {
        self.init(rawValue: kind.rawValue)
    }
}

extension Diagnostic {
    /// The code reports name the error by: a library caller's diagnostic made without one is an
    /// invalid machine, so no report shows an empty kind or a rule id no rule has.
    var lintCode: Code { code ?? .invalidMachine }
}

/// The kinds of input error, with what reports say of each; the public side is their
/// ``/FSMCore/Diagnostic/Code``s, so a new kind is no breaking change.
enum InputErrorKind: String, Hashable, Sendable, CaseIterable {
    /// A machine file that cannot be read, parsed or turned into a valid machine.
    case invalidMachine = "invalid-machine"
    /// A machine file's `lint` section silences a rule fsmviz does not have.
    case unknownSuppression = "unknown-suppression"
    /// A `.fsmviz.yml` (or `--config` file) that cannot be read or is invalid.
    case invalidConfiguration = "invalid-config"
    /// A directory that cannot be listed or holds no machine files.
    case noMachineFiles = "no-machine-files"
    /// An input left out of the run, which went on without it.
    case skippedInput = "skipped-input"

    /// A short human name.
    var title: String {
        switch self {
        case .invalidMachine: "Invalid machine file"
        case .unknownSuppression: "Unknown rule in a suppression"
        case .invalidConfiguration: "Invalid configuration"
        case .noMachineFiles: "No machine files"
        case .skippedInput: "Input left out"
        }
    }

    /// One paragraph: what it means and what to do.
    var summary: String {
        switch self {
        case .invalidMachine:
            "The machine file cannot be read, is not well-formed JSON or YAML, or does not describe "
                + "a valid machine, so none of its rules ran. Fix the file at the position given; "
                + "docs/machine-format.md describes the format."
        case .unknownSuppression:
            "The machine file's 'lint' section silences a rule that fsmviz does not have, "
                + "probably a typo, so it silences nothing. 'fsmviz rules' lists the rules."
        case .invalidConfiguration:
            "The configuration file cannot be read, or has an unknown key, an unknown rule or a "
                + "value of the wrong kind, so the machines it governs were not linted. "
                + "docs/lint.md describes the configuration."
        case .noMachineFiles:
            "A path given to 'fsmviz lint' cannot be listed, or holds no machine file and no "
                + "state machine in Swift source, so nothing in it was checked. 'fsmviz lint --help' "
                + "lists the files it searches."
        case .skippedInput:
            "An input was left out and the run went on without it, so it covers less than it was "
                + "given: a Swift machine over an input limit (raise it as the warning says), or the "
                + "files of a Swift module that holds a file that "
                + "cannot be read. The warning names each; the run exits with status 4."
        }
    }
}
