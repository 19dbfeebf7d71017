/// Why a set of states, events and transitions does not form a valid machine.
///
/// A struct over a private set of cases, as swift-argument-parser's `CleanExit` is: the model
/// gains rules (pseudo-states and parallel states each brought new ones), and a new way to be
/// invalid is then no breaking change. Errors are built and compared through static members
/// named after what is wrong (`error == .missingInitialState`).
public struct MachineError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case duplicateState(StateID, at: SourceLocation?, firstDeclaredAt: SourceLocation?)
        case duplicateEvent(EventID, at: SourceLocation?, firstDeclaredAt: SourceLocation?)
        case unknownTransitionState(StateID, role: TransitionRole, at: SourceLocation?)
        case unknownParent(StateID, of: StateID, at: SourceLocation?)
        case parentCycle([StateID], at: SourceLocation?)
        case missingInitialState
        case multipleInitialStates([StateID], parent: StateID?, at: SourceLocation?)
        case unknownSuppressedState(StateID, at: SourceLocation?)
        case emptyIdentifier(at: SourceLocation?)
        case invalidPseudoState(StateID, PseudoStateProblem, at: SourceLocation?)
        case invalidParallelState(StateID, ParallelStateProblem, at: SourceLocation?)
    }

    let kind: Kind

    /// Two states share an identifier.
    public static func duplicateState(_ id: StateID, at location: SourceLocation?, firstDeclaredAt first: SourceLocation?) -> MachineError {
        MachineError(kind: .duplicateState(id, at: location, firstDeclaredAt: first))
    }

    /// Two events share an identifier.
    public static func duplicateEvent(_ id: EventID, at location: SourceLocation?, firstDeclaredAt first: SourceLocation?) -> MachineError {
        MachineError(kind: .duplicateEvent(id, at: location, firstDeclaredAt: first))
    }

    /// A transition names a state that is not declared.
    public static func unknownTransitionState(_ id: StateID, role: TransitionRole, at location: SourceLocation?) -> MachineError {
        MachineError(kind: .unknownTransitionState(id, role: role, at: location))
    }

    /// A state names a parent that is not declared.
    public static func unknownParent(_ parent: StateID, of child: StateID, at location: SourceLocation?) -> MachineError {
        MachineError(kind: .unknownParent(parent, of: child, at: location))
    }

    /// Following parents from a state comes back to it.
    public static func parentCycle(_ cycle: [StateID], at location: SourceLocation?) -> MachineError {
        MachineError(kind: .parentCycle(cycle, at: location))
    }

    /// No top-level state is marked initial.
    public static let missingInitialState = MachineError(kind: .missingInitialState)

    /// More than one state is marked initial at the same level.
    public static func multipleInitialStates(_ ids: [StateID], parent: StateID?, at location: SourceLocation?) -> MachineError {
        MachineError(kind: .multipleInitialStates(ids, parent: parent, at: location))
    }

    /// A lint suppression names a state that is not declared.
    public static func unknownSuppressedState(_ id: StateID, at location: SourceLocation?) -> MachineError {
        MachineError(kind: .unknownSuppressedState(id, at: location))
    }

    /// An identifier is the empty string.
    public static func emptyIdentifier(at location: SourceLocation?) -> MachineError {
        MachineError(kind: .emptyIdentifier(at: location))
    }

    /// A pseudo-state (initial or history) breaks the rules pseudo-states follow.
    public static func invalidPseudoState(_ id: StateID, _ problem: PseudoStateProblem, at location: SourceLocation?) -> MachineError {
        MachineError(kind: .invalidPseudoState(id, problem, at: location))
    }

    /// A parallel state is final or marks one of its regions initial.
    public static func invalidParallelState(_ id: StateID, _ problem: ParallelStateProblem, at location: SourceLocation?) -> MachineError {
        MachineError(kind: .invalidParallelState(id, problem, at: location))
    }

    /// The state a transition names and which end names it, when that is the error: a
    /// reader may then suggest a declared state's name.
    public var undeclaredTransitionState: (state: StateID, role: TransitionRole)? {
        if case .unknownTransitionState(let id, let role, _) = kind { return (id, role) }
        return nil
    }

    /// Which end of a transition named an unknown state.
    public enum TransitionRole: String, Hashable, Sendable {
        /// The state the transition leaves (`from`).
        case source
        /// A state the transition may enter (`to`).
        case target
    }

    /// What is wrong with a pseudo-state.
    public enum PseudoStateProblem: Hashable, Sendable {
        /// It has states nested in it.
        case hasChildren
        /// It is a history state at the top level, which has no parent to remember.
        case historyAtTopLevel
        /// A history state marked initial or final, or an initial pseudo-state not marked
        /// as its parent's initial child.
        case marked(StateKind)
        /// It is marked parallel.
        case parallel
        /// It has this many transitions: an initial pseudo-state needs exactly one, a history
        /// state at most one.
        case transitionCount(Int)
        /// Its default transition has an event or a guard.
        case triggeredTransition
        /// Its default transition has no target.
        case targetlessTransition
        /// Its default transition targets a state outside its parent.
        case targetOutsideParent(StateID)
        /// An initial pseudo-state is the target of a transition from this state.
        case targeted(by: StateID)
    }

    /// What is wrong with a parallel state.
    public enum ParallelStateProblem: Hashable, Sendable {
        /// It is final.
        case final
        /// It marks this region initial, though it enters every region.
        case initialRegion(StateID)
    }

    /// Where in the machine's file the problem is, when it came from one.
    public var location: SourceLocation? {
        switch kind {
        case .duplicateState(_, let at, _), .duplicateEvent(_, let at, _),
            .unknownTransitionState(_, _, let at), .unknownParent(_, _, let at),
            .parentCycle(_, let at), .multipleInitialStates(_, _, let at),
            .emptyIdentifier(let at),
            .unknownSuppressedState(_, let at), .invalidPseudoState(_, _, let at),
            .invalidParallelState(_, _, let at):
            return at
        case .missingInitialState:
            return nil
        }
    }

    public var description: String {
        switch kind {
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
        case .emptyIdentifier:
            return "identifiers must not be empty"
        case .unknownSuppressedState(let id, _):
            return "lint suppression names state '\(id)', which is not a declared state"
        case .invalidPseudoState(let id, let problem, _):
            return Self.describe(problem, of: id)
        case .invalidParallelState(let id, .final, _):
            return "parallel state '\(id)' cannot be final"
        case .invalidParallelState(let id, .initialRegion(let region), _):
            return "region '\(region)' of parallel state '\(id)' is marked initial; a parallel state enters all its regions"
        }
    }

    private static func describe(_ problem: PseudoStateProblem, of id: StateID) -> String {
        switch problem {
        case .hasChildren:
            return "pseudo-state '\(id)' cannot have nested states"
        case .historyAtTopLevel:
            return "history state '\(id)' must be nested in a compound state"
        case .marked(.initial):
            return "history state '\(id)' cannot be initial"
        case .marked(.final):
            return "pseudo-state '\(id)' cannot be final"
        case .marked(.normal):
            return "initial pseudo-state '\(id)' must be the initial child of its parent (or the machine's initial state)"
        case .parallel:
            return "pseudo-state '\(id)' cannot be parallel"
        case .transitionCount(let count):
            return
                "pseudo-state '\(id)' has \(count) transitions; an initial pseudo-state needs exactly one and a history state at most one (its default transition)"
        case .triggeredTransition:
            return "the default transition of pseudo-state '\(id)' must have no event and no guard"
        case .targetlessTransition:
            return "the default transition of pseudo-state '\(id)' has no target; a pseudo-state is passed through and must lead to a state"
        case .targetOutsideParent(let target):
            return "the default transition of pseudo-state '\(id)' targets '\(target)', which is not nested in its parent"
        case .targeted(let source):
            return "initial pseudo-state '\(id)' is the target of a transition from '\(source)'; target its parent instead"
        }
    }

    private static func previously(_ location: SourceLocation?) -> String {
        location.map { " (first declared at \($0))" } ?? ""
    }
}
