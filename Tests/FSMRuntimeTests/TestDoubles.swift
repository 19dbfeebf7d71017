import FSMAnalysis
import FSMCore
import Foundation
import Testing

/// A clock tests move by hand, so time-dependent conditions (a cache's expiry) are
/// deterministic.
final class ManualClock: Sendable {
    private let current = Shared(Date(timeIntervalSinceReferenceDate: 800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}

/// Lets a test decide when asynchronous work finishes, and with what: the work awaits
/// `value()`, the test calls `open(with:)`, in either order.
final class Gate<Value: Sendable>: Sendable {
    private enum Slot {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case open(Value)
    }

    private let slot = Shared(Slot.empty)

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = slot.withLock { slot -> Value? in
                if case .open(let value) = slot { return value }
                slot = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func open(with value: Value) {
        let waiting = slot.withLock { slot -> CheckedContinuation<Value, Never>? in
            defer { slot = .open(value) }
            if case .waiting(let continuation) = slot { return continuation }
            return nil
        }
        waiting?.resume(returning: value)
    }
}
