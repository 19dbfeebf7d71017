import FSMCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("fsmviz does not know this platform's C library")
#endif

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
        // A process can start with the signals blocked (its parent's mask is inherited), and
        // then Ctrl-C would never reach it.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM] {
            _ = signal(number) { received in
                if Interruption.flag.exchange(true, ordering: .relaxed) {
                    // This handler replaced TemporaryFileCleanup's, whose work is still due.
                    TemporaryFileCleanup.removeAll()
                    _ = signal(received, SIG_DFL)
                    raise(received)
                }
            }
        }
    }
}
