import Foundation

/// A value the examples share between their code and the machines' callbacks, which may run
/// on other threads. NSLock rather than `Mutex`, like the runtime, so the thread sanitizer
/// can see it.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    /// The current value; each read and write is atomic on its own.
    var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&stored)
    }
}
