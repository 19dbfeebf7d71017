extension Amplify {
    /// The static shape of a state tree, declared beside its resolvers, for diagrams, lint and
    /// the check of the resolvers against it: its nodes (compound states for the tree's
    /// substates, leaf states for the values a tree can be in), its events, and the transitions
    /// between leaves that resolutions perform.
    ///
    /// A resolver is code, so the diagram is declared rather than derived when it should say
    /// more than exploring sample events finds (``StateMachine/graph(exploring:from:name:limit:)``):
    /// guards and effects in words, labels, the phases a tree goes through. Declared does not
    /// mean trusted: ``StateMachine/undeclaredResolutions(of:in:diagram:)`` resolves events in
    /// given states and returns each outcome the diagram does not declare, so a test checks
    /// the resolvers against it.
    ///
    /// Machine files have no parallel regions, so a tree whose substates evolve side by side
    /// (Amplify's AuthState) is drawn as the phases its root maps its value onto
    /// (``DiagramDeclaring/node``).
    public struct StateDiagram<NodeID: Hashable & Sendable, EventKind: Hashable & Sendable>: Sendable {
        /// One state of the diagram.
        public struct Node: Sendable {
            /// Its identifier; the graph names it by its description.
            public var id: NodeID
            /// Text diagrams show instead of the identifier.
            public var label: String?
            /// The compound node it is nested in.
            public var parent: NodeID?
            /// For a compound node: the child entered when a transition enters the node.
            public var initial: NodeID?
            /// Whether the tree is done in this node.
            public var isFinal: Bool

            /// Declares a node.
            public init(_ id: NodeID, label: String? = nil, parent: NodeID? = nil, initial: NodeID? = nil, isFinal: Bool = false) {
                self.id = id
                self.label = label
                self.parent = parent
                self.initial = initial
                self.isFinal = isFinal
            }
        }

        /// An event the diagram lists, in order and with a label (`signIn(user, pass)`).
        public struct EventDeclaration: Sendable {
            /// The event's kind.
            public var kind: EventKind
            /// Text diagrams show instead of the kind's name.
            public var label: String?

            /// Declares an event.
            public init(_ kind: EventKind, label: String? = nil) {
                self.kind = kind
                self.label = label
            }
        }

        /// A transition resolutions perform: on `event`, from any of `sources` (a compound
        /// source covers its descendants), to one of `targets` (a compound target means its
        /// initial leaf).
        public struct Transition: Sendable {
            /// The event whose resolution performs it.
            public var event: EventKind
            /// The nodes it leaves.
            public var sources: [NodeID]
            /// The nodes it may lead to.
            public var targets: [NodeID]
            /// When the resolution takes it, in words (`user and pass valid`).
            public var guardLabel: String?
            /// What the resolution changes and which effects it returns, in words.
            public var effects: [String]

            /// Declares a transition with several sources or targets.
            public init(on event: EventKind, from sources: [NodeID], to targets: [NodeID], guard guardLabel: String? = nil, effects: [String] = []) {
                self.event = event
                self.sources = sources
                self.targets = targets
                self.guardLabel = guardLabel
                self.effects = effects
            }

            /// Declares a transition from one node to one node.
            public init(on event: EventKind, from source: NodeID, to target: NodeID, guard guardLabel: String? = nil, effects: [String] = []) {
                self.init(on: event, from: [source], to: [target], guard: guardLabel, effects: effects)
            }
        }

        /// The machine's name in diagrams; the root type's name when `nil`.
        public var name: String?
        /// What the machine models.
        public var summary: String?
        /// Every node, parents before their children.
        public var nodes: [Node]
        /// Events in the order diagrams list them; events only transitions name come after.
        public var events: [EventDeclaration]
        /// Every transition, in declaration order.
        public var transitions: [Transition]

        /// A diagram.
        public init(
            name: String? = nil, summary: String? = nil, nodes: [Node], events: [EventDeclaration] = [],
            transitions: [Transition]
        ) {
            self.name = name
            self.summary = summary
            self.nodes = nodes
            self.events = events
            self.transitions = transitions
        }
    }
}
