import FSMCore
import Foundation

/// Where the commands print: diagrams and DOT to standard output, diagnostics to standard error.
///
/// Output that cannot be written (standard output closed, a full disk, `/dev/full`) ends the
/// process with exit status 3 and one line on standard error; a closed pipe (the reader gone,
/// SIGPIPE ignored) ends it with status 3 and nothing said, as Unix tools do. Standard error
/// that cannot be written is ignored: there is nowhere left to say so.
enum Console {
    /// Whether standard output was closed when fsmviz started; its descriptor then holds
    /// `/dev/null` (see ``prepare()``).
    private static let outputWasClosed: Bool = {
        var closed = [Bool]()
        // A closed standard descriptor would be taken by the next file opened, and output or
        // diagnostics would land in that file: reopen each on /dev/null first.
        for descriptor in Int32(0)...2 {
            closed.append(!isOpen(descriptor))
            if closed[Int(descriptor)] { openNullDevice(writable: descriptor != 0) }
        }
        return closed[1]
    }()

    /// Makes the three standard descriptors safe to use; call before opening any file.
    static func prepare() {
        _ = outputWasClosed
    }

    /// Prints `message`, whose line breaks are fsmviz's own (user text in it is already on one
    /// line, as ``Diagnostic`` writes it); no terminal control or bidirectional override in it
    /// (an argument value echoed by ArgumentParser) reaches the terminal.
    static func printError(_ message: String) {
        writeError(PrintableText.escapedKeepingLineFeeds(message) + "\n")
    }

    /// Writes `text` to standard error as it is (no line break added).
    static func writeError(_ text: String) {
        _ = AtomicFile.writeAll(Array(text.utf8), to: standardError)
    }

    /// Writes `bytes` to standard output, or ends the process with status 3 when they cannot be.
    static func write(_ bytes: [UInt8]) {
        guard let code = outputWasClosed ? SystemError.badDescriptor.code : AtomicFile.writeAll(bytes, to: standardOutput)
        else { return }
        let failure = SystemError(code: code)
        if failure != .brokenPipe { printError("error: cannot write to standard output: \(failure.message)") }
        exit(ExitStatus.failure.rawValue)
    }
}
