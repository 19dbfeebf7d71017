/// An immutable value that resolves events into a new value plus effects (Amplify's
/// `State`, with its resolver's `resolve` as a method).
///
/// States form trees: a state may hold substates, and resolves an event depth-first, as
/// Amplify documents it: each substate resolves the event first
/// (``StateResolution/resolve(_:with:)`` assigns the new substate value and collects its
/// effects), then the state resolves its own attributes from its substates' new values, the
/// event and its current attributes, appending effects of its own.
///
/// ```swift
/// func resolve(_ event: AuthEvent) -> StateResolution<AuthState> {
///     var resolution = StateResolution(self)
///     resolution.resolve(\.authNState, with: event)
///     resolution.resolve(\.authZState, with: event)
///     if !isReady, resolution.newState.authNState.isSignedIn, resolution.newState.authZState.isAuthorized {
///         resolution.newState.isReady = true
///         resolution.effects.append(.dispatch(AuthEvent(.authIsReady, time: event.time)))
///     }
///     return resolution
/// }
/// ```
///
/// `resolve` must be a pure function of the state and the event (read the time from the
/// event, not from the clock): the machine resolves each event once, but lint-style checks
/// such as ``ResolvingStateMachine/undeclaredResolutions(of:in:diagram:)`` call it again
/// and must see the same answer. Side effects belong in the returned effects.
public protocol ResolvableState: Equatable, Sendable {
    /// The events the tree resolves; every state of one tree shares them.
    associatedtype Event: StateMachineEvent
    /// What effects need from outside (a service, a clock); shared by every state of one tree.
    associatedtype Environment: Sendable

    /// The state after `event`, and the effects to run once that state is stored. A state
    /// that does not react to `event` returns itself and no effects.
    func resolve(_ event: Event) -> StateResolution<Self>
}
