extension Stated {
    /// One mapping of a machine: an input, the state it applies in, the state it leads to,
    /// and side effects to perform after moving.
    public protocol AnyStateTransitionTrigger: Sendable {
        /// The mapping, ready for a machine.
        var mapping: Mapping { get }
    }

    /// A mapping with its types: `input | from => to | sideEffect`, or
    /// `input.given(from).transition(to: to).performingSideEffect(sideEffect)`.
    ///
    /// Side effects receive the machine (to send further inputs, which are queued), and may
    /// also take the new state, the previous state and the input's arguments. Add several,
    /// and they run in order.
    public struct StateTransitionTrigger<Arguments: Sendable, From: State, To: State>: AnyStateTransitionTrigger {
        /// A side effect with everything it may take.
        public typealias Effect = @Sendable (_ machine: StateMachine, _ to: To, _ from: From, _ arguments: Arguments) -> Void

        let input: Input<Arguments>
        let from: StateSlot<From>
        let to: StateSlot<To>
        let create: @Sendable (Arguments, From) -> To
        private var effects: [(label: String, body: Effect)] = []

        init(
            input: Input<Arguments>, from: StateSlot<From>, to: StateSlot<To>,
            create: @escaping @Sendable (Arguments, From) -> To
        ) {
            self.input = input
            self.from = from
            self.to = to
            self.create = create
        }

        // Every API taking a side effect is @preconcurrency: a client in Swift 5 mode passes
        // its functions as Stated's users always have, without marking them @Sendable;
        // Swift 6 clients are still checked.

        /// The mapping, performing `sideEffect` after moving as well.
        public func performingSideEffect(_ sideEffect: SideEffect) -> Self {
            adding(sideEffect.label) { machine, _, _, _ in sideEffect.body(machine) }
        }

        /// The mapping, performing `body` with the machine, the new state, the previous state
        /// and the input's arguments after moving; drawn as `"side effect"`.
        @preconcurrency public func performingSideEffect(_ body: @escaping Effect) -> Self {
            adding(nil, body)
        }

        /// The mapping, performing `body` with the machine, the new state, the previous state
        /// and the input's arguments after moving, described by `label` for diagrams.
        @preconcurrency public func performingSideEffect(_ label: String, _ body: @escaping Effect) -> Self {
            adding(label, body)
        }

        /// The mapping, performing `body` with the machine, the new and the previous state.
        @preconcurrency public func performingSideEffect(_ body: @escaping @Sendable (StateMachine, To, From) -> Void) -> Self {
            adding(nil) { machine, to, from, _ in body(machine, to, from) }
        }

        /// The mapping, performing `body` with the machine, the new and the previous state,
        /// described by `label`.
        @preconcurrency public func performingSideEffect(
            _ label: String, _ body: @escaping @Sendable (StateMachine, To, From) -> Void
        ) -> Self {
            adding(label) { machine, to, from, _ in body(machine, to, from) }
        }

        /// The mapping, performing `body` with the machine and the new state.
        @preconcurrency public func performingSideEffect(_ body: @escaping @Sendable (StateMachine, To) -> Void) -> Self {
            adding(nil) { machine, to, _, _ in body(machine, to) }
        }

        /// The mapping, performing `body` with the machine and the new state, described by
        /// `label`.
        @preconcurrency public func performingSideEffect(
            _ label: String, _ body: @escaping @Sendable (StateMachine, To) -> Void
        ) -> Self {
            adding(label) { machine, to, _, _ in body(machine, to) }
        }

        /// The mapping, performing `body` with the machine: a function such as Stated's
        /// `func logIn(stateMachine: StateMachine)` may be passed as it is.
        @preconcurrency public func performingSideEffect(_ body: @escaping @Sendable (StateMachine) -> Void) -> Self {
            adding(nil) { machine, _, _, _ in body(machine) }
        }

        /// The mapping, performing `body` with the machine, described by `label`.
        @preconcurrency public func performingSideEffect(
            _ label: String, _ body: @escaping @Sendable (StateMachine) -> Void
        ) -> Self {
            adding(label) { machine, _, _, _ in body(machine) }
        }

        /// The mapping, performing `body`.
        @preconcurrency public func performingSideEffect(_ body: @escaping @Sendable () -> Void) -> Self {
            adding(nil) { _, _, _, _ in body() }
        }

        /// The mapping, performing `body`, described by `label`.
        @preconcurrency public func performingSideEffect(_ label: String, _ body: @escaping @Sendable () -> Void) -> Self {
            adding(label) { _, _, _, _ in body() }
        }

        /// `... | sideEffect`: the mapping, performing `sideEffect` after moving as well.
        public static func | (trigger: Self, sideEffect: SideEffect) -> Self {
            trigger.performingSideEffect(sideEffect)
        }

        /// `... | { machine in ... }`, or a function taking the machine.
        @preconcurrency public static func | (trigger: Self, sideEffect: @escaping @Sendable (StateMachine) -> Void) -> Self {
            trigger.performingSideEffect(sideEffect)
        }

        /// `... | { machine, to, from, arguments in ... }`.
        @preconcurrency public static func | (trigger: Self, sideEffect: @escaping Effect) -> Self {
            trigger.performingSideEffect(sideEffect)
        }

        /// The mapping with one more side effect; `"side effect"` is drawn when `label` is `nil`.
        private func adding(_ label: String?, _ body: @escaping Effect) -> Self {
            var copy = self
            copy.effects.append((label ?? SideEffect.unlabelled, body))
            return copy
        }

        /// The mapping as a runtime transition: the input's name is the event, the slots the
        /// states; a handler creates the target state's value, and the side effects are the
        /// transition's effects.
        public var mapping: Mapping {
            let input = input
            let create = create
            let effects = effects
            let rule = TransitionRule<AnyState, String>(
                event: input.name, from: [from.definition], to: [to.definition],
                effectLabels: effects.map(\.label),
                // Inputs are told apart by name and arguments: another input with this name
                // but other arguments passes this mapping by.
                guardCondition: { context in context.payload is Arguments },
                handler: { context in
                    guard let arguments = context.payload as? Arguments else {
                        throw ArgumentMismatch(input: input.name, expected: Arguments.self, sent: context.payload)
                    }
                    // The machine only applies this mapping in `From`'s slot, and a slot is
                    // one type, so the value is a `From`.
                    guard let previous = context.source.value(as: From.self) else {
                        throw ArgumentMismatch(input: input.name, expected: From.self, sent: context.source)
                    }
                    return AnyState(create(arguments, previous))
                },
                effects: effects.map { effect in
                    { context in
                        // The handler above checked the arguments and made the target a `To`.
                        guard let arguments = context.payload as? Arguments,
                            let previous = context.source.value(as: From.self),
                            let next = context.target?.value(as: To.self)
                        else { return }
                        effect.body(StateMachine(runtime: context.machine), next, previous, arguments)
                    }
                })
            return Mapping(rule: rule)
        }
    }

    /// A mapping without its types, as a machine takes it.
    public struct Mapping: Sendable {
        let rule: TransitionRule<AnyState, String>
    }

    /// An input arrived with arguments its mapping does not take: another input with the
    /// same name but other argument types was sent.
    struct ArgumentMismatch: Error, CustomStringConvertible {
        let input: String
        let expected: Any.Type
        let sent: (any Sendable)?

        var description: String {
            let actual = sent.map { String(reflecting: type(of: $0)) } ?? "nothing"
            return "input '\(input)' takes \(String(reflecting: expected)) but was sent with \(actual)"
        }
    }
}
