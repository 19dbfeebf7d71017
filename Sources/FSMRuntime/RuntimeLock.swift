import Foundation

/// The lock behind every runtime type: a pthread mutex (through `NSLock`).
///
/// Not generic, so code specialized in a client module calls it directly, without looking
/// up generic metadata. Not `Synchronization.Mutex`: on Linux that lock is built on raw futex
/// calls the thread sanitizer cannot see, so every access through it is reported as a race,
/// and the runtime's concurrency tests must run clean under TSan.
@usableFromInline
final class RuntimeLock: Sendable {
    private let mutex = NSLock()

    @usableFromInline init() {}

    @usableFromInline func lock() { mutex.lock() }

    @usableFromInline func unlock() { mutex.unlock() }
}
