extension DDStateMachine {
    /// A transition out of a work state: `builder.shouldTransit(work ~> next)`
    /// (DDStateMachine's `WorkEventBuilder`). `ifResult` registers it as taken when the work's
    /// result allows; `by(event:)` makes it an event's instead.
    public struct WorkTransitionBuilder<
        State: Hashable & Sendable, Event: Hashable & Sendable, ExtraState: ExtraStateProtocol, WorkResult: Sendable
    >: HookCollecting {
        let builder: StateMachineBuilder<State, Event, ExtraState>
        let source: WorkStateBuilder<State, Event, ExtraState, WorkResult>
        let target: any StateBuilding<State, Event, ExtraState>
        var actions: [OnAction<ExtraState>] = []

        /// Adds a hook that changes the extra state after the transition, before the next
        /// state's work starts; `label` describes it in diagrams.
        public func on(_ label: String = "on", _ action: @escaping @Sendable (inout ExtraState) -> Void) -> Self {
            adding(label, action)
        }

        /// Registers the transition as taken when the state's work has finished and `condition`
        /// holds for its result and the extra state.
        ///
        /// It is an automatic transition of the runtime, guarded by `label`: the machine checks
        /// it when it enters the state (no result yet: it stays) and again when the work
        /// finishes. Give the transitions out of one work state exclusive conditions (`result`
        /// and `!result`); when none holds, the machine stays in the work state.
        public func ifResult(
            _ label: String = "ifResult", _ condition: @escaping @Sendable (WorkResult, ExtraState) -> Bool
        ) {
            let source = source
            // Opens the stored target existential: `register` needs its concrete type.
            func register<Target: StateBuilding<State, Event, ExtraState>>(to target: Target) {
                builder.register(
                    source, target, event: nil, guardLabel: label,
                    makeGuard: { context in
                        let runner = context.runner(for: source)
                        let extraState = context.extraState
                        return {
                            guard let result = runner.result else { return false }
                            return condition(result, extraState.withLock { $0 })
                        }
                    }, actions: actions)
            }
            register(to: target)
        }

        /// The event that triggers the transition instead of the work's result, such as a
        /// cancel; finish with `immediately()` or `ifCondition`. Leaving cancels the work.
        public func by(event: Event) -> TransitionConditionBuilder<State, Event, ExtraState> {
            TransitionConditionBuilder(builder: builder, source: source, target: target, event: event, actions: actions)
        }
    }
}
