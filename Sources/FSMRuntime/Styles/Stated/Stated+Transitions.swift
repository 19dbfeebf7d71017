extension Stated {
    /// A mapping under construction: an input and the state it applies in. Name the target
    /// with ``transition(to:)`` (or `=> to`), or first map the source state with
    /// ``transition(with:)`` (or `=> { ... }`).
    public struct TransitionFromState<Arguments: Sendable, From: State>: Sendable {
        let input: Input<Arguments>
        let from: StateSlot<From>

        /// The mapping moves to `to`, creating its state from the input's arguments.
        public func transition<To>(to: StateSlot<To>) -> StateTransitionTrigger<Arguments, From, To>
        where To.Arguments == Arguments, To.MappedState == Void {
            StateTransitionTrigger(input: input, from: from, to: to) { arguments, _ in
                To.create(arguments: arguments, state: ())
            }
        }

        /// The mapping passes `map(previousState)` to the state it moves to; name that state
        /// with ``TransitionFromStateWithMap/to(_:)``.
        public func transition<Mapped>(
            with map: @escaping @Sendable (From) -> Mapped
        ) -> TransitionFromStateWithMap<Arguments, From, Mapped> {
            TransitionFromStateWithMap(start: self, map: map)
        }

        /// Another name for ``transition(with:)``.
        public func passes<Mapped>(
            _ map: @escaping @Sendable (From) -> Mapped
        ) -> TransitionFromStateWithMap<Arguments, From, Mapped> {
            transition(with: map)
        }

        /// `input | from => to`: see ``transition(to:)``.
        public static func => <To>(start: TransitionFromState, to: StateSlot<To>) -> StateTransitionTrigger<Arguments, From, To>
        where To.Arguments == Arguments, To.MappedState == Void {
            start.transition(to: to)
        }

        /// `input | from => { $0.value } => to`: see ``transition(with:)``.
        public static func => <Mapped>(
            start: TransitionFromState, map: @escaping @Sendable (From) -> Mapped
        ) -> TransitionFromStateWithMap<Arguments, From, Mapped> {
            start.transition(with: map)
        }
    }

    /// A mapping that passes a value from the previous state on; name the target with
    /// ``to(_:)`` (or `=> to`).
    public struct TransitionFromStateWithMap<Arguments: Sendable, From: State, Mapped: Sendable>: Sendable {
        let start: TransitionFromState<Arguments, From>
        let map: @Sendable (From) -> Mapped

        /// The mapping moves to `to`, creating its state from the input's arguments and the
        /// mapped value.
        public func to<To>(_ to: StateSlot<To>) -> StateTransitionTrigger<Arguments, From, To>
        where To.Arguments == Arguments, To.MappedState == Mapped {
            let map = map
            return StateTransitionTrigger(input: start.input, from: start.from, to: to) { arguments, previous in
                To.create(arguments: arguments, state: map(previous))
            }
        }

        /// `input | from => { ... } => to`: see ``to(_:)``.
        public static func => <To>(start: TransitionFromStateWithMap, to: StateSlot<To>) -> StateTransitionTrigger<Arguments, From, To>
        where To.Arguments == Arguments, To.MappedState == Mapped {
            start.to(to)
        }
    }
}
