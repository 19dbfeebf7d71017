extension DDStateMachine {
    /// A transition with its event, waiting for its condition:
    /// `builder.shouldTransit(a ~> b).by(event: .go)` (DDStateMachine's `ConditionBuilder`).
    /// `immediately()` or `ifCondition` registers it.
    public struct TransitionConditionBuilder<
        State: Hashable & Sendable, Event: Hashable & Sendable, ExtraState: ExtraStateProtocol
    >: HookCollecting {
        let builder: StateMachineBuilder<State, Event, ExtraState>
        let source: any StateBuilding<State, Event, ExtraState>
        let target: any StateBuilding<State, Event, ExtraState>
        let event: Event
        var actions: [OnAction<ExtraState>]

        /// Adds a hook that changes the extra state after the transition, before the next
        /// state's work starts; `label` describes it in diagrams.
        public func on(_ label: String = "on", _ action: @escaping @Sendable (inout ExtraState) -> Void) -> Self {
            adding(label, action)
        }

        /// Registers the transition: the event alone triggers it.
        public func immediately() {
            register(guardLabel: nil, makeGuard: nil)
        }

        /// Registers the transition: the event triggers it only when `condition` holds for the
        /// extra state. Otherwise the event is declined and the machine stays.
        /// - Parameters:
        ///   - label: Describes the condition in diagrams and lint; a condition and its
        ///     negation (`x`, `!x`) tell lint that two transitions exclude each other.
        ///   - condition: Decides, from the machine's extra state, whether the event fires.
        public func ifCondition(_ label: String = "ifCondition", _ condition: @escaping @Sendable (ExtraState) -> Bool) {
            register(guardLabel: label) { context in
                let extraState = context.extraState
                return { condition(extraState.withLock { $0 }) }
            }
        }

        private func register(
            guardLabel: String?, makeGuard: TransitionRegistration<State, Event, ExtraState>.GuardFactory?
        ) {
            // The builders are stored as existentials; these generic functions open them, because
            // `register` needs their concrete types to find work states.
            func register<Source: StateBuilding<State, Event, ExtraState>>(from source: Source) {
                func register<Target: StateBuilding<State, Event, ExtraState>>(to target: Target) {
                    builder.register(source, target, event: event, guardLabel: guardLabel, makeGuard: makeGuard, actions: actions)
                }
                register(to: target)
            }
            register(from: source)
        }
    }
}
