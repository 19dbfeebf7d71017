public import FSMCore

/// One thing wrong with a drawing, found in its geometry.
public struct DiagramFinding: Hashable, Sendable {
    /// What kind of problem a finding is.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        /// An end of a transition's drawing is not on its source's or target's box, or lies on
        /// another state's.
        case wrongState = "wrong-state"
        /// A transition has no drawing, or one of its targets is never entered.
        case missing
        /// One drawn edge or label carries several transitions.
        case merged
        /// A transition's label lies farther from its own edge than the checker allows.
        case detachedLabel = "detached-label"
        /// An edge of another transition crosses a transition's label.
        case crossedLabel = "crossed-label"
        /// Two labels overlap.
        case overlappingLabels = "overlapping-labels"
        /// A parallel state's regions are not laid out in document order along one axis, or
        /// overlap.
        case regionsOutOfOrder = "regions-out-of-order"
        /// A parallel state's regions are in document order, but one lies both right of and
        /// below the one before, sharing neither its row nor its column: a staircase.
        case regionsStaircase = "regions-staircase"
        /// The drawing is longer than the checker allows on one side compared to the other.
        case aspectRatio = "aspect-ratio"
        /// An edge of a transition runs through a compound state that holds neither its
        /// source nor any of its targets.
        case unrelatedCompound = "unrelated-compound"
        /// The states cover less of the drawing than the checker allows: mostly empty space.
        case sparseDrawing = "sparse-drawing"
        /// A transition's path from its source to a target is many times longer than the
        /// straight distance between its ends.
        case detour
        /// Two start points lie so close together that either could start either state.
        case ambiguousStart = "ambiguous-start"

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The transitions involved, by position in ``Machine/transitions``.
    public var transitions: [Int]
    /// The states involved.
    public var states: [StateID]
    /// What is wrong, naming the transitions (`source --event--> targets`) and states.
    public var message: String
    /// Where in the machine's file the first transition or state involved was declared.
    public var location: SourceLocation?

    /// Creates a finding.
    public init(
        kind: Kind, transitions: [Int] = [], states: [StateID] = [], message: String, location: SourceLocation? = nil
    ) {
        self.kind = kind
        self.transitions = transitions
        self.states = states
        self.message = message
        self.location = location
    }
}
