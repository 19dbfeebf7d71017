/// Hands every published value to subscribers: asynchronous streams and callbacks.
///
/// Values published one at a time reach subscribers in that order. The styles publish state
/// changes from the runtime's processing thread, which handles one event at a time, so
/// subscribers see them in the order they happened. A stream can
/// start with the latest value; that value and the subscription are taken under one lock, so
/// no value is lost or delivered twice between reading the current value and subscribing.
final class ValueBroadcast<Value: Sendable>: Sendable {
    private struct Subscribers: Sendable {
        /// The last value, kept only when new streams start with it.
        var latest: Value?
        let keepsLatest: Bool
        var nextID: UInt64 = 0
        var streams: [UInt64: AsyncStream<Value>.Continuation] = [:]
        var callbacks: [UInt64: @Sendable (Value) -> Void] = [:]
    }

    private let subscribers: LockedValue<Subscribers>

    /// - Parameter latest: The value a new stream starts with, until the first `publish`;
    ///   `nil` for streams that only carry what happens after they subscribe.
    init(latest: Value? = nil) {
        subscribers = LockedValue(Subscribers(latest: latest, keepsLatest: latest != nil))
    }

    /// Delivers `value` to every stream, then to every callback in subscription order.
    /// Callbacks run outside the lock, so they may subscribe or publish themselves.
    func publish(_ value: Value) {
        let callbacks = subscribers.withLock { subscribers in
            if subscribers.keepsLatest { subscribers.latest = value }
            for continuation in subscribers.streams.values { continuation.yield(value) }
            return subscribers.callbacks.sorted { $0.key < $1.key }.map(\.value)
        }
        for callback in callbacks { callback(value) }
    }

    /// Every value from now on, preceded by the latest one when this broadcast keeps it.
    /// Buffered without limit: a slow consumer sees every value, in order.
    func stream() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        let id = subscribers.withLock { subscribers -> UInt64 in
            if let latest = subscribers.latest { continuation.yield(latest) }
            subscribers.nextID += 1
            subscribers.streams[subscribers.nextID] = continuation
            return subscribers.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Calls `callback` with every value from now on, until the observation is cancelled.
    func subscribe(_ callback: @escaping @Sendable (Value) -> Void) -> Observation {
        let id = subscribers.withLock { subscribers -> UInt64 in
            subscribers.nextID += 1
            subscribers.callbacks[subscribers.nextID] = callback
            return subscribers.nextID
        }
        return Observation { [weak self] in
            _ = self?.subscribers.withLock { $0.callbacks.removeValue(forKey: id) }
        }
    }
}
