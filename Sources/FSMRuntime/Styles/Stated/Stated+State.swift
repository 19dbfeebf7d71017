extension Stated {
    /// A state: a value the machine holds while in it, created as the machine enters it
    /// from the arguments of the input that led there and, optionally, from a value mapped
    /// from the previous state.
    ///
    /// Conform to one of the refinements — ``SimpleState`` (no data),
    /// ``StateTakingInput`` (the input's arguments), ``StateUsingMappedState`` (data from the
    /// previous state) — or to `State` itself for both.
    public protocol State: Sendable {
        /// What inputs leading to this state carry; `Void` for none.
        associatedtype Arguments: Sendable
        /// What a mapping passes from the previous state; `Void` for nothing.
        associatedtype MappedState: Sendable

        /// Creates the state as the machine enters it.
        static func create(arguments: Arguments, state: MappedState) -> Self

        /// The state's identifier in the machine and its graph. By default the type's name
        /// without a `State` suffix, first letter lowercased: `LoggedInState` is `loggedIn`.
        /// Two state types of one machine must not share it.
        static var stateName: String { get }
    }

    /// A state without data (Stated's `SimpleState`).
    public protocol SimpleState: State where Arguments == Void, MappedState == Void {
        /// Creates the state.
        init()
    }

    /// A state created from the arguments of the input that leads to it.
    public protocol StateTakingInput: State where MappedState == Void {
        // Restated so that Swift infers it from `create(arguments:)` below; inherited
        // associated types are only inferred from the declaring protocol's requirements.
        associatedtype Arguments
        /// Creates the state from the input's arguments.
        static func create(arguments: Arguments) -> Self
    }

    /// A state created from a value the mapping takes from the previous state.
    public protocol StateUsingMappedState: State where Arguments == Void {
        // Restated so that Swift infers it from `create(state:)` (see `StateTakingInput`).
        associatedtype MappedState
        /// Creates the state from the value mapped from the previous state.
        static func create(state: MappedState) -> Self
    }
}

extension Stated.State {
    /// The slot that stands for this state in mappings (Stated's `slot`).
    public static var slot: Stated.StateSlot<Self> { Stated.StateSlot() }

    /// The type's name without a `State` suffix, first letter lowercased.
    public static var stateName: String {
        let typeName = String(describing: Self.self)
        var name = typeName.hasSuffix("State") ? String(typeName.dropLast("State".count)) : typeName
        if name.isEmpty { name = typeName }
        return name.prefix(1).lowercased() + name.dropFirst()
    }
}

extension Stated.SimpleState {
    /// Creates the state with `init()`.
    public static func create(arguments: Void, state: Void) -> Self { Self() }
}

extension Stated.StateTakingInput {
    /// Creates the state with `create(arguments:)`.
    public static func create(arguments: Arguments, state: Void) -> Self { create(arguments: arguments) }
}

extension Stated.StateUsingMappedState {
    /// Creates the state with `create(state:)`.
    public static func create(arguments: Void, state: MappedState) -> Self { create(state: state) }
}
