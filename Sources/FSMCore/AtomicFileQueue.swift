import Dispatch
import Synchronization

/// Writes files with ``AtomicFile`` on a background thread, one after another in the order
/// given, so that a batch prepares its next file while the previous one reaches the disk.
///
/// ``AtomicFile`` waits for the disk (`fsync`) before it replaces a file, which keeps the
/// previous file safe but would stall a batch on every file; through this queue the wait
/// overlaps the next file's work instead. Writes keep their order, so two writes to one path
/// leave the later one. At most `capacity` files wait in memory; ``write(_:to:)`` blocks
/// beyond that, so a fast producer cannot pile up a batch's output.
public final class AtomicFileQueue: Sendable {
    private let queue = DispatchQueue(label: "fsmviz.atomic-file-queue")
    private let room: DispatchSemaphore
    private let failures = Mutex<[Diagnostic]>([])

    /// Creates a queue that holds at most `capacity` files not yet written (at least one).
    public init(capacity: Int = 4) {
        room = DispatchSemaphore(value: max(1, capacity))
    }

    /// Queues `bytes` to replace the file at `path`; a failure is reported by
    /// ``takeFailures()`` or ``finish()``, and then leaves the previous file untouched.
    public func write(_ bytes: [UInt8], to path: String) {
        room.wait()
        queue.async { [self] in
            defer { room.signal() }
            do throws(Diagnostic) {
                try AtomicFile.write(bytes, to: path)
            } catch {
                failures.withLock { $0.append(error) }
            }
        }
    }

    /// The writes that failed since the last call, without waiting for those under way.
    public func takeFailures() -> [Diagnostic] {
        failures.withLock { failures in
            defer { failures.removeAll() }
            return failures
        }
    }

    /// Waits until every queued file is written, then returns the failures not yet taken.
    public func finish() -> [Diagnostic] {
        queue.sync {}
        return takeFailures()
    }
}
