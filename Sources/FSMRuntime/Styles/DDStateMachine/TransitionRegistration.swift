extension DDStateMachine {
    /// One `shouldTransit` chain, complete: what the builder turns into a runtime
    /// ``TransitionRule`` for each machine it builds.
    struct TransitionRegistration<State: Hashable & Sendable, Event: Hashable & Sendable, ExtraState: ExtraStateProtocol> {
        /// A guard for one built machine: it reads that machine's extra state and work results.
        typealias GuardFactory = (BuildContext<State, ExtraState>) -> @Sendable () -> Bool

        let source: State
        let target: State
        /// `nil` for an `ifResult` transition, which fires by itself once the work's result allows.
        let event: Event?
        let guardLabel: String?
        let makeGuard: GuardFactory?
        let actions: [OnAction<ExtraState>]

        func rule(in context: BuildContext<State, ExtraState>) -> TransitionRule<State, Event> {
            let extraState = context.extraState
            var guardCondition: (@Sendable (TransitionContext<State, Event>) -> Bool)?
            if let condition = makeGuard?(context) {
                guardCondition = { _ in condition() }
            }
            // The runtime runs effects after the machine entered the target and before
            // observers, and work starts from an observer: so `on` hooks run after the
            // transition and before the next state's work, as DDStateMachine documents.
            let effects: [TransitionRule<State, Event>.Callback] = actions.map { action in
                { _ in extraState.withLock { action.body(&$0) } }
            }
            return TransitionRule(
                event: event, from: [source], to: [target], guardLabel: guardLabel,
                effectLabels: actions.map(\.label), guardCondition: guardCondition, effects: effects)
        }
    }

    /// An `on` hook: changes the extra state after its transition.
    struct OnAction<ExtraState: ExtraStateProtocol>: Sendable {
        let label: String
        let body: @Sendable (inout ExtraState) -> Void
    }

    /// What a built machine's guards and hooks share: its extra state and its work states' runners.
    struct BuildContext<State: Hashable & Sendable, ExtraState: ExtraStateProtocol>: Sendable {
        let extraState: LockedValue<ExtraState>
        let runners: [State: any WorkRunning<ExtraState>]

        /// The runner of the work state `builder` describes, typed by its work's result.
        func runner<Event, WorkResult>(
            for builder: WorkStateBuilder<State, Event, ExtraState, WorkResult>
        ) -> WorkRunner<ExtraState, WorkResult> {
            guard let runner = runners[builder.state] as? WorkRunner<ExtraState, WorkResult> else {
                // Only possible when two WorkStateBuilders give one state works of different
                // result types; the builder keeps the first.
                preconditionFailure("state \(builder.state) was declared with work returning another type than \(WorkResult.self)")
            }
            return runner
        }
    }
}
