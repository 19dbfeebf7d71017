extension DDStateMachine {
    /// A transition out of a state without work, waiting for its event:
    /// `builder.shouldTransit(a ~> b)` (DDStateMachine's `EventBuilder`).
    public struct TransitionEventBuilder<
        State: Hashable & Sendable, Event: Hashable & Sendable, ExtraState: ExtraStateProtocol
    >: HookCollecting {
        let builder: StateMachineBuilder<State, Event, ExtraState>
        let source: StateBuilder<State, Event, ExtraState>
        let target: any StateBuilding<State, Event, ExtraState>
        var actions: [OnAction<ExtraState>] = []

        /// Adds a hook that changes the extra state after the transition, before the next
        /// state's work starts; `label` describes it in diagrams.
        ///
        /// The hook runs while the machine holds the extra state's lock: change it through the
        /// argument, not through the built machine.
        public func on(_ label: String = "on", _ action: @escaping @Sendable (inout ExtraState) -> Void) -> Self {
            adding(label, action)
        }

        /// The event that triggers the transition; finish with `immediately()` or `ifCondition`.
        public func by(event: Event) -> TransitionConditionBuilder<State, Event, ExtraState> {
            TransitionConditionBuilder(builder: builder, source: source, target: target, event: event, actions: actions)
        }
    }
}
