import Foundation

/// A value guarded by a pthread mutex (through `NSLock`).
///
/// Not `Synchronization.Mutex`: on Linux that lock is built on raw futex calls the thread
/// sanitizer cannot see, so every access through it is reported as a race, and the runtime's
/// concurrency tests must run clean under TSan.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
