import Dispatch
import FSMCore
import Foundation
import Synchronization

/// One line of progress on standard error, rewritten in place, for renders that take a while
/// and for batches; cleared when the work is done or before any other message.
///
/// Shown only to a person watching a terminal: never when standard output or standard error is
/// redirected, under CI (logs would keep every rewrite) or on a terminal that cannot rewrite a
/// line (`TERM=dumb`).
final class ProgressLine: Sendable {
    /// Whether progress may be shown in this environment.
    static func isEnabled(stdoutIsTerminal: Bool, stderrIsTerminal: Bool, environment: [String: String]) -> Bool {
        stdoutIsTerminal && stderrIsTerminal && environment["CI"] == nil && environment["TERM"] != "dumb"
    }

    /// Seconds work runs before its progress appears: quick renders print nothing.
    static let delaySeconds = 1

    /// Whether this line prints anything.
    let isEnabled: Bool
    /// Whether a line is on screen, and the work it describes, as rewritten from the ticker.
    private let state = Mutex<(visible: Bool, generation: Int)>((false, 0))

    init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Progress for this process: enabled when both outputs are terminals, outside CI.
    static func forThisProcess() -> ProgressLine {
        ProgressLine(
            isEnabled: isEnabled(
                stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
                environment: ProcessInfo.processInfo.environment))
    }

    /// Shows `text` now, replacing what the line showed.
    func show(_ text: String) {
        guard isEnabled else { return }
        state.withLock { state in
            state.visible = true
            Self.write("\r\u{1B}[K" + Self.fitted(text))
        }
    }

    /// Runs `body`; if it takes longer than ``delaySeconds``, shows `text` with the seconds elapsed,
    /// updated every second, until it returns.
    func during<Result, Failure: Error>(_ text: String, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard isEnabled else { return try body() }
        let generation = state.withLock { state in
            state.generation += 1
            return state.generation
        }
        let started = ContinuousClock.now
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .seconds(Self.delaySeconds), repeating: .seconds(1))
        timer.setEventHandler { [self] in
            let seconds = (ContinuousClock.now - started).components.seconds
            state.withLock { state in
                // The work may have finished while this tick waited for the lock.
                guard state.generation == generation else { return }
                state.visible = true
                Self.write("\r\u{1B}[K" + Self.fitted(text, keeping: "… \(seconds) s"))
            }
        }
        timer.resume()
        defer {
            timer.cancel()
            state.withLock { state in state.generation += 1 }
        }
        return try body()
    }

    /// Removes the line, if one is shown.
    func clear() {
        guard isEnabled else { return }
        state.withLock { state in
            if state.visible { Self.write("\r\u{1B}[K") }
            state.visible = false
        }
    }

    /// `text` and then `suffix`, with `text` cut to fit an 80-column terminal so the line never
    /// wraps (a wrapped line cannot be rewritten) and the suffix, the part that changes, shows.
    /// File names in `text` are printed escaped: a line break would also stop the rewrite.
    private static func fitted(_ text: String, keeping suffix: String = "") -> String {
        let text = PrintableText.escaped(text)
        let room = 79 - suffix.count
        guard text.count > room else { return text + suffix }
        // The suffix begins with an ellipsis already; a second one would stutter.
        return String(text.prefix(suffix.hasPrefix("…") ? room : room - 1)) + (suffix.hasPrefix("…") ? "" : "…") + suffix
    }

    private static func write(_ text: String) {
        Console.writeError(text)
    }
}
