/// Why a set of states, events and transitions does not form a valid machine.
public enum MachineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two states share an identifier.
    case duplicateState(StateID, at: SourceLocation?, firstDeclaredAt: SourceLocation?)
    /// Two events share an identifier.
    case duplicateEvent(EventID, at: SourceLocation?, firstDeclaredAt: SourceLocation?)
    /// A transition names a state that is not declared.
    case unknownTransitionState(StateID, role: TransitionRole, at: SourceLocation?)
    /// A state names a parent that is not declared.
    case unknownParent(StateID, of: StateID, at: SourceLocation?)
    /// Following parents from a state comes back to it.
    case parentCycle([StateID], at: SourceLocation?)
    /// No top-level state is marked initial.
    case missingInitialState
    /// More than one state is marked initial at the same level.
    case multipleInitialStates([StateID], parent: StateID?, at: SourceLocation?)
    /// A transition lists no target.
    case transitionWithoutTargets(from: StateID, at: SourceLocation?)
    /// A lint suppression names a state that is not declared.
    case unknownSuppressedState(StateID, at: SourceLocation?)
    /// An identifier is the empty string.
    case emptyIdentifier(at: SourceLocation?)

    /// Which end of a transition named an unknown state.
    public enum TransitionRole: String, Hashable, Sendable {
        case source
        case target
    }

    /// Where in the machine's file the problem is, when it came from one.
    public var location: SourceLocation? {
        switch self {
        case .duplicateState(_, let at, _), .duplicateEvent(_, let at, _),
            .unknownTransitionState(_, _, let at), .unknownParent(_, _, let at),
            .parentCycle(_, let at), .multipleInitialStates(_, _, let at),
            .transitionWithoutTargets(_, let at), .emptyIdentifier(let at),
            .unknownSuppressedState(_, let at):
            return at
        case .missingInitialState:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .duplicateState(let id, _, let first):
            return "state '\(id)' is declared twice" + Self.previously(first)
        case .duplicateEvent(let id, _, let first):
            return "event '\(id)' is declared twice" + Self.previously(first)
        case .unknownTransitionState(let id, let role, _):
            return "transition \(role.rawValue) '\(id)' is not a declared state"
        case .unknownParent(let parent, let child, _):
            return "state '\(child)' names parent '\(parent)', which is not a declared state"
        case .parentCycle(let cycle, _):
            let path = (cycle + cycle.prefix(1)).map { "'\($0)'" }.joined(separator: " -> ")
            return "states are their own ancestors: \(path)"
        case .missingInitialState:
            return "no initial state: mark one top-level state as initial"
        case .multipleInitialStates(let ids, let parent, _):
            let names = ids.map { "'\($0)'" }.joined(separator: ", ")
            let scope = parent.map { "children of '\($0)'" } ?? "top-level states"
            return "\(ids.count) \(scope) are marked initial (\(names)); only one may be"
        case .transitionWithoutTargets(let source, _):
            return "transition from '\(source)' has no target state"
        case .emptyIdentifier:
            return "identifiers must not be empty"
        case .unknownSuppressedState(let id, _):
            return "lint suppression names state '\(id)', which is not a declared state"
        }
    }

    private static func previously(_ location: SourceLocation?) -> String {
        location.map { " (first declared at \($0))" } ?? ""
    }
}
