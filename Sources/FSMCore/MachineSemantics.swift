/// The execution rules a machine follows, which depend on where it came from: an importer
/// says which apply, so the analysis reports what is true of the machine in its own format.
///
/// A ``Machine`` is the same value whatever format it was read from (a machine converted to
/// SCXML and back is equal to the original), so the semantics travel beside it rather than
/// in it.
public struct MachineSemantics: Hashable, Sendable {
    /// The formats whose rules differ.
    public enum Source: String, Hashable, Sendable {
        /// An fsmviz machine file, or a machine built in code. The format fixes no priority
        /// between transitions that leave one state on one event: fsmviz's runtime tries them
        /// in declaration order, but a machine file also describes machines of other libraries
        /// (EFStateMachine, Transporter, ...), whose rules differ. Events are plain names.
        case machineFile
        /// W3C SCXML: the first enabled transition in document order wins; conditions may use
        /// `In('state')`; the interpreter raises `done.state.ID`, `done.invoke.ID` and
        /// `error.invoke.ID`, and event descriptors match by prefix of dot-separated tokens.
        case scxml
        /// An XState machine config: the first enabled transition in document order wins;
        /// guards may combine with `not`, `and` and `or`; `onDone` and invocations' `onDone` and
        /// `onError` stand for `done.state.ID`, `done.invoke.ID` and `error.invoke.ID`.
        case xstate
        /// python-statemachine's own JSON and YAML definitions, which it runs with SCXML's
        /// rules (conditions are Python expressions, `In('state')` included).
        case pythonStateMachine
        /// sismic's YAML statecharts: when two transitions of one state are enabled at once,
        /// sismic refuses to choose and raises a nondeterminism error; a child's transition
        /// still wins over its ancestor's. Events are plain names.
        case sismic
        /// A machine read from Swift source: a `switch` runs its first matching case, so of two
        /// cases that match one state and event the later is shadowed. Events are plain names.
        case swift

        /// Whether the format runs with SCXML's rules: `In('state')` in conditions, event
        /// descriptors matched by prefix, and `<invoke>` as the only source of an invocation's
        /// events.
        public var followsSCXML: Bool { self == .scxml || self == .pythonStateMachine }

        /// The format's name for people: `machine file`, `SCXML`, `XState`.
        public var displayName: String {
            switch self {
            case .machineFile: "machine file"
            case .scxml: "SCXML"
            case .xstate: "XState"
            case .pythonStateMachine: "python-statemachine"
            case .sismic: "sismic"
            case .swift: "Swift"
            }
        }

        /// Whether the first enabled transition in document order wins, so later ones on the
        /// same event are shadowed rather than in conflict.
        public var isDocumentOrdered: Bool { self != .machineFile && self != .sismic }

        /// Whether the format's interpreter raises `done.*` and `error.invoke.*` events itself.
        public var raisesPlatformEvents: Bool { self != .machineFile && self != .sismic && self != .swift }
    }

    /// A service a state starts while it is active (SCXML's `<invoke>`, XState's `invoke`),
    /// which is the only source of that invocation's `done.invoke` and `error.invoke` events.
    public struct Invocation: Hashable, Sendable {
        /// The state that invokes it.
        public var state: StateID
        /// Its id, or `nil` when the interpreter generates one (any such event may then occur).
        public var id: String?

        /// Creates an invocation.
        public init(state: StateID, id: String?) {
            self.state = state
            self.id = id
        }
    }

    /// A change of state the source makes where its reader does not turn it into a
    /// transition (a Swift assignment inside a closure, which runs later from whatever state is
    /// current then): what the machine reaches and leaves is then not all known.
    public struct UnreadChange: Hashable, Sendable {
        /// Where the source makes the change.
        public var location: SourceLocation
        /// The state it enters, or `nil` when the value is not one syntax can name.
        public var target: StateID?
        /// Why it is not read as a transition, for people (`inside a closure, which runs later`).
        public var reason: String

        /// Creates an unread change.
        public init(location: SourceLocation, target: StateID?, reason: String) {
            self.location = location
            self.target = target
            self.reason = reason
        }
    }

    /// Where the machine came from.
    public var source: Source
    /// The machine's invocations, in document order; empty for a machine file.
    public var invocations: [Invocation]
    /// sismic's transition priorities other than 0, by the transition's position in the
    /// machine's transitions: of a state's enabled transitions, only those of the highest
    /// priority compete, so transitions of different priorities never conflict.
    public var priorities: [Int: Int]
    /// The changes of state the reader saw but could not read as transitions, in source order:
    /// a finding that rests on a transition being absent (a state never reached, never left)
    /// cannot be sure while any of these may be that transition.
    public var unreadChanges: [UnreadChange]

    /// Creates semantics.
    public init(source: Source, invocations: [Invocation] = [], priorities: [Int: Int] = [:], unreadChanges: [UnreadChange] = []) {
        self.source = source
        self.invocations = invocations
        self.priorities = priorities
        self.unreadChanges = unreadChanges
    }

    /// A machine file's (and a machine built in code's).
    public static let machineFile = MachineSemantics(source: .machineFile)
}
