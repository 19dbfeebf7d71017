import FSMCore
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM for a command that runs until stopped: the first asks it to
/// stop, which it does between two pieces of work, so no output is left half written; a
/// second, while a long layout keeps it from noticing, ends the process at once, removing any
/// temporary file being written first.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Whether a stop was asked for.
    static var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// Installs the handler for SIGINT and SIGTERM.
    static func install() {
        // Touched here, so the handler never runs the flag's one-time initialisation.
        _ = isRequested
        unblockStopSignals()
        for number in stopSignals {
            _ = setHandler(number) { received in
                if Interruption.flag.exchange(true, ordering: .relaxed) {
                    // This handler replaced TemporaryFileCleanup's, whose work is still due.
                    TemporaryFileCleanup.removeAll()
                    restoreDefaultHandler(received)
                    raiseSignal(received)
                }
            }
        }
    }
}
