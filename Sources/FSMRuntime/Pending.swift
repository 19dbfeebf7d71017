/// An event waiting for the machine to finish its current transition.
@usableFromInline
struct Pending<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    /// `nil` asks the machine to re-evaluate its automatic transitions.
    @usableFromInline let event: Event?
    @usableFromInline let payload: (any Sendable)?
    /// Resumed with the event's result, for ``StateMachine/sendAndWait(_:payload:)``.
    @usableFromInline let completion: CheckedContinuation<SendResult<State, Event>, Never>?

    @inlinable init(
        event: Event?, payload: (any Sendable)?, completion: CheckedContinuation<SendResult<State, Event>, Never>?
    ) {
        self.event = event
        self.payload = payload
        self.completion = completion
    }
}
