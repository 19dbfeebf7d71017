import Foundation
import Synchronization

/// Removes ``AtomicFile``'s temporary files when the process is interrupted (SIGINT) or
/// terminated (SIGTERM) while writing, then dies of the signal as it would have.
///
/// A signal handler may only call async-signal-safe functions: no allocation, no locks. So
/// the paths live in fixed buffers allocated once, and which buffers hold a live path is one
/// atomic word the handler reads. SIGKILL cannot be caught; what it leaves is a hidden file
/// named `.NAME.fsmviz-tmp-XXXXXXXX` beside the target, which no fsmviz command reads.
///
/// A directory tree (`registerDirectory(_:)`, for the package's own commands) cannot be removed with the calls a handler may
/// make, so once one is registered the handler only writes the signal's number to a pipe, and a
/// thread waiting on it does the whole of the work above, the tree first, then dies of the
/// signal.
public enum TemporaryFileCleanup {
    private static let slots = 64
    private static let slotSize = 4_096
    /// Slots taken by a writer (being filled, live or being emptied).
    private static let claimed = Atomic<UInt64>(0)
    /// Slots whose path the handler removes.
    private static let live = Atomic<UInt64>(0)
    private nonisolated(unsafe) static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slots * slotSize)
    /// Child processes the handler passes the signal on to (``forwardSignals(to:)``): the first
    /// `childCount` entries of `children`.
    private nonisolated(unsafe) static let children = UnsafeMutablePointer<Int32>.allocate(capacity: slots)
    private static let childCount = Atomic<Int>(0)

    /// The pipe's writing end once the thread that removes ``registerDirectory(_:)``'s
    /// directories waits on its reading end; -1 before.
    private static let wakeUp = Atomic<Int32>(-1)
    /// The directories to remove, by the token ``registerDirectory(_:)`` gave back.
    private static let directories = Mutex<(next: Int, paths: [Int: String])>((0, [:]))

    /// Installs the handler for SIGINT and SIGTERM, unless the signal is ignored (as for a
    /// command started in the background by a shell without job control). Call once, early.
    public static func install() {
        for signal in stopSignals {
            let previous = setHandler(signal) { signal in
                // Handed to the thread that can remove a directory tree, when one runs.
                if TemporaryFileCleanup.wakeUp.load(ordering: .acquiring) >= 0 {
                    var number = UInt8(truncatingIfNeeded: signal)
                    _ = withUnsafeBytes(of: &number) { writeBytes(TemporaryFileCleanup.wakeUp.load(ordering: .acquiring), $0) }
                    return
                }
                TemporaryFileCleanup.signalChildren(signal)
                TemporaryFileCleanup.removeAll()
                // Back to the default, which kills the process as soon as this handler returns.
                restoreDefaultHandler(signal)
                raiseSignal(signal)
            }
            if isIgnoring(previous) { ignoreSignal(signal) }
        }
    }

    /// Records `path` for removal on a signal; the token given back unregisters it. A path too
    /// long for a slot, or more than 64 at once, is not recorded (`nil`).
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize else { return nil }
        var taken = claimed.load(ordering: .relaxed)
        while true {
            guard taken != .max else { return nil }
            let slot = (~taken).trailingZeroBitCount
            let (exchanged, original) = claimed.compareExchange(
                expected: taken, desired: taken | 1 << slot, ordering: .acquiringAndReleasing)
            if exchanged {
                let start = paths + slot * slotSize
                for (offset, byte) in bytes.enumerated() { start[offset] = CChar(bitPattern: byte) }
                start[bytes.count] = 0
                live.bitwiseOr(1 << slot, ordering: .releasing)
                return slot
            }
            taken = original
        }
    }

    /// Passes SIGINT and SIGTERM on to the process `pid` before this one dies of them: a child
    /// started in a process group of its own (as Foundation's `Process` starts them) hears
    /// neither a terminal's Ctrl-C nor a signal sent to this process alone. Call from one
    /// thread; at most 64 children are recorded.
    package static func forwardSignals(to pid: Int32) {
        let count = childCount.load(ordering: .relaxed)
        guard count < slots else { return }
        children[count] = pid
        childCount.store(count + 1, ordering: .releasing)
    }

    /// Sends `signal` to every child ``forwardSignals(to:)`` recorded. Async-signal-safe.
    package static func signalChildren(_ signal: Int32) {
        for index in 0..<childCount.load(ordering: .acquiring) { sendSignal(children[index], signal) }
    }

    /// Records the directory `path`, and everything below it, for removal when SIGINT or
    /// SIGTERM ends the process (with ``install()``'s handler); the token given back
    /// unregisters it. The first call starts the thread that removes it.
    package static func registerDirectory(_ path: String) -> Int {
        let token = directories.withLock { directories in
            defer { directories.next += 1 }
            directories.paths[directories.next] = path
            return directories.next
        }
        startRemover()
        return token
    }

    /// Forgets a directory recorded by ``registerDirectory(_:)``: it was removed.
    package static func unregisterDirectory(_ token: Int) {
        _ = directories.withLock { $0.paths.removeValue(forKey: token) }
    }

    /// Starts, once, the thread that waits for the handler's word and then does its work.
    private static func startRemover() {
        guard wakeUp.load(ordering: .acquiring) < 0, let ends = try? makePipe() else { return }
        guard wakeUp.compareExchange(expected: -1, desired: ends.write, ordering: .acquiringAndReleasing).exchanged else {
            try? closeFile(ends.read)
            try? closeFile(ends.write)
            return
        }
        Thread.detachNewThread {
            var number: UInt8 = 0
            var count: Int
            repeat {
                count = withUnsafeMutableBytes(of: &number) { readBytes(ends.read, into: $0) }
            } while count < 0 && SystemError.last == .interrupted
            guard count == 1 else { return }
            let signal = Int32(number)
            signalChildren(signal)
            removeAll()
            for path in directories.withLock({ Array($0.paths.values) }) { try? FileManager.default.removeItem(atPath: path) }
            restoreDefaultHandler(signal)
            raiseSignal(signal)
        }
    }

    /// Forgets a path recorded by ``register(_:)``: it was renamed or removed.
    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        live.bitwiseAnd(~(1 << slot), ordering: .releasing)
        claimed.bitwiseAnd(~(1 << slot), ordering: .releasing)
    }

    /// Removes every temporary file being written now. Async-signal-safe, for a command
    /// that installs its own SIGINT or SIGTERM handler in place of ``install()``'s (`fsmviz
    /// watch` stops between renders) and still must not leave a temporary file when it dies
    /// of the signal.
    public static func removeAll() {
        let paths = live.load(ordering: .acquiring)
        for slot in 0..<slots where paths & 1 << slot != 0 {
            removeFile(Self.paths + slot * slotSize)
        }
    }
}
