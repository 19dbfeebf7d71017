import Foundation

/// A value the examples share between their code and the machines' callbacks, which may run
/// on other threads. NSLock rather than `Mutex`, like the runtime, so the thread sanitizer
/// can see it.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
