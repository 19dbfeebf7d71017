extension Amplify {
    /// A resolved state and the actions it asks for (Amplify's `StateResolution`).
    public struct StateResolution<T: State>: Sendable {
        /// The state after the event.
        public let newState: T
        /// What to do once the new state is stored, in order.
        public let actions: [any Action]

        /// A resolution to `newState`, asking for `actions`.
        public init(newState: T, actions: [any Action] = []) {
            self.newState = newState
            self.actions = actions
        }

        /// The state unchanged, no actions: what a resolver returns for an event it ignores.
        public static func from(_ state: T) -> StateResolution<T> {
            StateResolution(newState: state)
        }
    }

    /// Resolves a state against any event (Amplify's `StateMachineResolver`). It must be
    /// pure — the same state and event give the same resolution — since the diagram is
    /// derived by resolving sample events; anything else is an ``Action``.
    public protocol StateMachineResolver: Sendable {
        /// The state resolved.
        associatedtype StateType: State

        /// The state before any event.
        var defaultState: StateType { get }

        /// The state `event` leads `oldState` to, and the actions it asks for.
        func resolve(oldState: StateType, byApplying event: any StateMachineEvent) -> StateResolution<StateType>
    }
}
