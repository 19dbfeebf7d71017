extension StateMachine {
    /// Calls `callback` after every accepted transition, on the thread that processed it,
    /// until the returned observation is cancelled.
    @discardableResult
    public func observe(_ callback: @escaping @Sendable (Change<State, Event>) -> Void) -> Observation {
        let id = withCore { core -> UInt64 in
            core.nextObserverID += 1
            core.observers.append(Observer(id: core.nextObserverID, callback: callback))
            return core.nextObserverID
        }
        return Observation { [weak self] in
            self?.withCore { $0.observers.removeAll { $0.id == id } }
        }
    }

    /// Calls `callback` on the main actor after every accepted transition, in order, until
    /// the returned observation is cancelled, so UI code needs no `MainActor.assumeIsolated`.
    ///
    /// Delivery is asynchronous: the machine does not wait for the main actor, and a change
    /// may arrive after the machine has moved on.
    @discardableResult
    public func observeOnMainActor(_ callback: @escaping @MainActor (Change<State, Event>) -> Void) -> Observation {
        let stream = changes
        // One task consumes the stream, so callbacks keep the machine's order.
        let delivery = Task { @MainActor in
            for await change in stream { callback(change) }
        }
        return Observation { delivery.cancel() }
    }

    /// Every accepted transition from now on, as an asynchronous sequence. Changes are
    /// buffered, so a slow consumer sees all of them, in order; consume it on the main actor
    /// (`for await change in machine.changes` in a `@MainActor` task) to update UI.
    public var changes: AsyncStream<Change<State, Event>> {
        let (stream, continuation) = AsyncStream<Change<State, Event>>.makeStream(bufferingPolicy: .unbounded)
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }
}
