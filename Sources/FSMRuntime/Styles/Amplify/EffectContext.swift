/// What an effect's operation gets: the machine's environment, and a way to dispatch events
/// back to the machine (Amplify's dispatcher and environment).
public struct EffectContext<Event: StateMachineEvent, Environment: Sendable>: Sendable {
    /// The environment the machine was created with.
    public let environment: Environment
    let send: @Sendable (Event) -> Void

    /// Sends `event` to the machine. Events from effects take their turn like any other:
    /// the machine resolves one event at a time, to completion.
    public func dispatch(_ event: Event) {
        send(event)
    }
}
