/// A value guarded by a ``RuntimeLock``.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = RuntimeLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
