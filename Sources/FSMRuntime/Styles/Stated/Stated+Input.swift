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

    /// An input without arguments (Stated's `input()`), named `name`.
    ///
    /// Without a name, the input is named after the place it is created, such as
    /// `input at Launcher.swift:31:38`: Stated's inputs are told apart by identity, fsmviz's
    /// by name, and a call site names one input the same way on every run. Give a name to
    /// read it in diagrams and errors.
    public static func input(
        _ name: String? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) -> Input<Void> {
        Input(name ?? callSiteName(fileID: fileID, line: line, column: column))
    }

    /// An input carrying arguments of `type` into the state it leads to, named `name` (or
    /// after the place it is created; see ``input(_:fileID:line:column:)``).
    public static func input<Arguments>(
        _ name: String? = nil, taking type: Arguments.Type, fileID: String = #fileID, line: Int = #line,
        column: Int = #column
    ) -> Input<Arguments> {
        Input(name ?? callSiteName(fileID: fileID, line: line, column: column))
    }

    private static func callSiteName(fileID: String, line: Int, column: Int) -> String {
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        return "input at \(file):\(line):\(column)"
    }
}
