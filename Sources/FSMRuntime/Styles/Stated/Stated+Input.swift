extension Stated {
    /// An input: what is sent to the machine to make it move, carrying `Arguments` into
    /// the state it leads to.
    ///
    /// Inputs are identified by their names: a machine's mappings must not use one name
    /// for inputs with different argument types.
    public struct Input<Arguments: Sendable>: Hashable, Sendable {
        /// The input's identifier, the event's name in the machine's graph.
        public let name: String

        /// Creates an input named `name`.
        public init(_ name: String) {
            self.name = name
        }

        /// The input with `arguments`, ready to send (Stated's `withArgs`).
        public func withArgs(_ arguments: Arguments) -> SentInput {
            SentInput(name: name, arguments: arguments)
        }

        /// The first step of the long form: the mapping applies when the machine is in
        /// `fromState`. `input.given(from).transition(to: to)` is `input | from => to`.
        public func given<From>(_ fromState: StateSlot<From>) -> TransitionFromState<Arguments, From> {
            TransitionFromState(input: self, from: fromState)
        }

        /// Another name for ``given(_:)``.
        public func from<From>(_ fromState: StateSlot<From>) -> TransitionFromState<Arguments, From> {
            given(fromState)
        }

        /// `input | from`: the first step of a mapping row; see ``given(_:)``.
        public static func | <From>(input: Input, fromState: StateSlot<From>) -> TransitionFromState<Arguments, From> {
            input.given(fromState)
        }
    }

    /// An input together with its arguments, made by ``Input/withArgs(_:)``.
    public struct SentInput: Sendable {
        /// The input's name.
        public let name: String
        let arguments: any Sendable
    }

    /// An input without arguments named `name` (Stated's `input()`; fsmviz needs the name,
    /// since it identifies the input in diagrams and errors).
    public static func input(_ name: String) -> Input<Void> {
        Input(name)
    }

    /// An input named `name` carrying arguments of `type` into the state it leads to.
    public static func input<Arguments>(_ name: String, taking type: Arguments.Type) -> Input<Arguments> {
        Input(name)
    }
}
