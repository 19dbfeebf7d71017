import ArgumentParser

/// fsmviz's exit statuses, as documented in `fsmviz --help`.
enum ExitStatus: Int32, Comparable, Error {
    case success = 0
    /// `fsmviz lint` found a problem at or above `--fail-on`, or `fsmviz diff` a change (with
    /// `--fail-on`, a new finding).
    case findings = 1
    /// Bad usage, an invalid machine file, or a machine over a limit: an input limit, or a
    /// layout the slow engines would take minutes over (the input decides both, so they are
    /// the input's fault, like an invalid file, not Graphviz's).
    case usage = 2
    /// Graphviz failed or the output could not be written.
    case failure = 3

    var exitCode: ExitCode { ExitCode(rawValue) }

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
