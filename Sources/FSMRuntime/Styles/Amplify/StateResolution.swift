/// What resolving an event gives: the new state value and the effects to run after it is
/// stored (Amplify's `StateResolution`).
public struct StateResolution<State: ResolvableState>: Sendable {
    /// The state after the event.
    public var newState: State
    /// Effects to run, in order, once ``newState`` is the machine's state.
    public var effects: [StateEffect<State.Event, State.Environment>]

    /// A resolution to `newState` with `effects`; `StateResolution(self)` is "no change".
    public init(_ newState: State, effects: [StateEffect<State.Event, State.Environment>] = []) {
        self.newState = newState
        self.effects = effects
    }

    /// The effects' labels, in order: what diagrams and logs show of them.
    public var effectLabels: [String] { effects.map(\.label) }

    /// Resolves the substate at `substate` with `event` and adopts the outcome: the new
    /// substate value replaces the old one in ``newState``, and its effects are appended to
    /// ``effects``. Call it for each substate, then resolve the state's own attributes:
    /// that is Amplify's depth-first resolution.
    public mutating func resolve<Substate: ResolvableState>(
        _ substate: WritableKeyPath<State, Substate>, with event: State.Event
    ) where Substate.Event == State.Event, Substate.Environment == State.Environment {
        let resolution = newState[keyPath: substate].resolve(event)
        newState[keyPath: substate] = resolution.newState
        effects += resolution.effects
    }
}
