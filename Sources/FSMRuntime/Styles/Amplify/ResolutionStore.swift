/// The composite state a ``ResolvingStateMachine`` stores, and the resolution of the event
/// being processed.
///
/// The runtime may ask about one event several times (each candidate transition's guard,
/// then the handler); the event is resolved once and the answer reused, so a reducer that
/// reads something changing (it should not) still gives the machine one consistent outcome.
final class ResolutionStore<Root: StateTreeRoot>: Sendable {
    private struct Contents: Sendable {
        var state: Root
        var pending: (envelope: EventEnvelope<Root.Event>, resolution: StateResolution<Root>)?
    }

    private let contents: LockedValue<Contents>

    init(_ state: Root) {
        contents = LockedValue(Contents(state: state))
    }

    var state: Root { contents.withLock { $0.state } }

    /// The resolution of `envelope`'s event against the stored state. Only the machine's
    /// processing thread calls this, one event at a time, so the state read before
    /// resolving is still the stored one when the answer is kept.
    func resolution(of envelope: EventEnvelope<Root.Event>) -> StateResolution<Root> {
        let (state, cached) = contents.withLock { ($0.state, $0.pending) }
        if let cached, cached.envelope === envelope { return cached.resolution }
        // Outside the lock: `resolve` is the user's code.
        let resolution = state.resolve(envelope.event)
        contents.withLock { $0.pending = (envelope, resolution) }
        return resolution
    }

    /// Stores the resolution of `envelope` as the new state; returns the state before it and
    /// the resolution.
    func commit(_ envelope: EventEnvelope<Root.Event>) -> (oldState: Root, resolution: StateResolution<Root>) {
        let resolution = resolution(of: envelope)
        return contents.withLock { contents in
            let oldState = contents.state
            contents.state = resolution.newState
            contents.pending = nil
            return (oldState, resolution)
        }
    }
}

/// An event on its way through the runtime, as the payload of its kind. A class, so the
/// store can tell this sending of an event from another sending of an equal one.
final class EventEnvelope<Event: Sendable>: Sendable {
    let event: Event
    init(_ event: Event) { self.event = event }
}
