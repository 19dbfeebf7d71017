extension Stated {
    /// Why ``StateMachine/init(initialState:mappings:)`` refused its mappings: identifiers
    /// that would make two different things look the same in the graph and in `send`.
    public enum DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Two state types have the same ``State/stateName``.
        case conflictingStates(name: String, types: [String])
        /// Two inputs have the same name but carry different argument types.
        case conflictingInputs(name: String, argumentTypes: [String])

        /// The conflict in a sentence.
        public var description: String {
            switch self {
            case .conflictingStates(let name, let types):
                "state name '\(name)' is used by \(types.joined(separator: " and ")); give one a different stateName"
            case .conflictingInputs(let name, let types):
                "input '\(name)' takes \(types.joined(separator: " in one mapping and ")) in another; inputs are identified by name"
            }
        }

        /// The first conflict among `initial` and the mappings' states and inputs.
        static func check(initial: AnyState, _ mappings: [Mapping]) throws(DefinitionError) {
            var states: [String: AnyState] = [initial.name: initial]
            var inputs: [String: TypeName] = [:]
            for mapping in mappings {
                for state in [mapping.from, mapping.to] {
                    if let known = states[state.name], known.type != state.type {
                        throw .conflictingStates(name: state.name, types: [known.typeName, state.typeName])
                    }
                    states[state.name] = state
                }
                if let known = inputs[mapping.input], known != mapping.arguments {
                    throw .conflictingInputs(name: mapping.input, argumentTypes: [known.name, mapping.arguments.name])
                }
                inputs[mapping.input] = mapping.arguments
            }
        }
    }
}
