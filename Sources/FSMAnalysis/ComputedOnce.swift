internal import Synchronization

/// A value computed the first time it is asked for and then kept: the parts of an
/// ``AnalysisContext`` that only some rules read (reachability, components, trigger groups)
/// cost nothing for an analyzer whose rules never ask.
///
/// The lock makes sharing a context between threads safe: the first reader computes, the
/// others wait for it. Noncopyable, so it lives inline in the context's shared storage
/// rather than in an allocation of its own.
struct ComputedOnce<Value: Sendable>: ~Copyable, Sendable {
    private let storage = Mutex<Value?>(nil)

    init() {}

    /// The value, computed by `compute` on the first call.
    borrowing func value(_ compute: () -> Value) -> Value {
        storage.withLock { stored in
            if let stored { return stored }
            let value = compute()
            stored = value
            return value
        }
    }
}
