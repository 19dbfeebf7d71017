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
    /// The run finished without part of its input, which a warning named: an entry it refused
    /// to write where it would have led (out of its directory, or through a symbolic link), a
    /// Swift machine over an input limit, the files of a Swift module that holds one that
    /// cannot be read.
    /// What it reports covers the rest only, so the run must not pass for a complete one.
    case incomplete = 4

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// How bad a status is, for `max`: an incomplete run is worse than findings, but an error
    /// that stopped part of the work (2, 3) outranks it.
    private var rank: Int {
        switch self {
        case .success: 0
        case .findings: 1
        case .incomplete: 2
        case .usage: 3
        case .failure: 4
        }
    }

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rank < rhs.rank }
}
