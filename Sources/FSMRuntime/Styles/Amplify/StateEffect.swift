/// Something a resolution asks the machine to do once the new state is stored (Amplify's
/// `Effect`): dispatch an event, or run an operation that talks to the outside world and
/// may dispatch events when it is done.
///
/// ```swift
/// .dispatch(AuthEvent(.didSignIn, time: event.time))
/// StateEffect("getCreds()") { context in
///     let credentials = await context.environment.getCreds()
///     context.dispatch(AuthEvent(.didGetCreds(credentials), time: context.environment.now()))
/// }
/// ```
public struct StateEffect<Event: StateMachineEvent, Environment: Sendable>: Sendable {
    /// What the effect does, for logs and tests: `dispatch(didSignIn)`, `getCreds()`.
    public let label: String
    let action: Action

    enum Action: Sendable {
        /// Sent to the machine while it is still processing the current event, so it is
        /// queued and resolved right after it (run to completion).
        case dispatch(Event)
        /// Run in a task, so slow work does not hold up the machine.
        case perform(@Sendable (EffectContext<Event, Environment>) async -> Void)
    }

    /// An effect that runs `operation` in a task after the new state is stored; it gets the
    /// machine's environment and can dispatch events.
    public init(_ label: String, operation: @escaping @Sendable (EffectContext<Event, Environment>) async -> Void) {
        self.label = label
        self.action = .perform(operation)
    }

    private init(label: String, action: Action) {
        self.label = label
        self.action = action
    }

    /// An effect that dispatches `event` to the machine: it is resolved right after the
    /// event being resolved now, before anything sent from elsewhere meanwhile. Labelled
    /// `dispatch(<kind>)` unless `label` is given.
    public static func dispatch(_ event: Event, label: String? = nil) -> Self {
        Self(label: label ?? "dispatch(\(event.kind))", action: .dispatch(event))
    }
}
