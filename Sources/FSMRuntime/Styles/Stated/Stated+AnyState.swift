extension Stated {
    /// A state of a running machine: which slot it is in, and its value.
    ///
    /// Two `AnyState`s are equal when they are in the same slot (the same state type),
    /// whatever their values: the machine's structure (its transitions, its graph) is made
    /// of slots, and the values are the data the states carry. Read the value with
    /// ``value(in:)``.
    public struct AnyState: Hashable, Sendable, CustomStringConvertible {
        /// The slot's name, the state's identifier in the graph.
        public let name: String
        /// The state type, so definitions can tell two types sharing a name apart.
        let type: ObjectIdentifier
        let typeName: String
        /// `nil` in the machine's definition, which knows slots, not values.
        private let storage: (any State)?

        /// The state holding `value`.
        init<S: State>(_ value: S) {
            name = S.stateName
            type = ObjectIdentifier(S.self)
            typeName = String(reflecting: S.self)
            storage = value
        }

        /// The slot of `S`, without a value.
        init<S: State>(slotOf _: S.Type) {
            name = S.stateName
            type = ObjectIdentifier(S.self)
            typeName = String(reflecting: S.self)
            storage = nil
        }

        /// The state's value, if the state is in `slot`.
        public func value<S>(in slot: StateSlot<S>) -> S? {
            storage as? S
        }

        /// The state's value as `type`, if it is one.
        public func value<S: State>(as type: S.Type) -> S? {
            storage as? S
        }

        /// The slot's name.
        public var description: String { name }

        /// Whether both states are in the same slot (see the type's discussion).
        public static func == (lhs: AnyState, rhs: AnyState) -> Bool { lhs.type == rhs.type }

        /// Hashes the slot, consistently with `==`.
        public func hash(into hasher: inout Hasher) { hasher.combine(type) }

        /// Whether `state` is in `slot`: `machine.currentState == States.loggedIn`.
        public static func == <S>(state: AnyState, slot: StateSlot<S>) -> Bool {
            state.type == ObjectIdentifier(S.self)
        }

        /// Matches a state against a slot in a `switch`: `case States.loggedIn:`.
        public static func ~= <S>(slot: StateSlot<S>, state: AnyState) -> Bool {
            state == slot
        }
    }
}
