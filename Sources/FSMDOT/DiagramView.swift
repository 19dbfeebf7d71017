public import FSMCore

/// The part of a machine a diagram draws: every state (``init(whole:)``), or what a
/// ``DiagramSelection`` keeps of a huge machine, a state's neighbourhood or the machine with
/// deep compound states collapsed.
///
/// A view names states and transitions by number (their positions in ``/FSMCore/Machine/states`` and
/// ``/FSMCore/Machine/transitions``), so lint highlights, which name transitions by position, apply to
/// any view of the machine they were computed for.
/// - Complexity: O(states + transitions) memory.
public struct DiagramView: Sendable {
    /// The machine the view shows.
    public let machine: Machine
    /// Whether each state, by number, is drawn.
    let shown: [Bool]
    /// The shown states, in declaration order.
    let shownStates: [Int]
    /// Shown states that stand for nested states out of view: compound in the machine with no
    /// child drawn, and how many states they contain at any depth.
    let collapsed: [Int: Int]
    /// The state the start point leads to, when it is in view.
    let initial: Int?
    // The drawn transitions as compressed rows: drawn edge `e` is the machine's transition
    // edgeTransitions[e], from edgeSources[e] to edgeTargets[edgeTargetStart[e]..<edgeTargetStart[e+1]],
    // its ends already redirected to collapsed states and trimmed to the states in view.
    let edgeTransitions: [Int]
    let edgeSources: [Int]
    let edgeTargetStart: [Int]
    let edgeTargets: [Int]
    /// Cut transitions per shown state, in declaration order of the states.
    public let stubs: [DiagramStub]

    /// The view of every state and transition of `machine`.
    public init(whole machine: Machine) {
        let index = machine.index
        var targetStart = [0]
        targetStart.reserveCapacity(machine.transitions.count + 1)
        var targets: [Int] = []
        targets.reserveCapacity(machine.transitions.count)
        for transition in machine.transitions.indices {
            targets += index.targets(of: transition)
            targetStart.append(targets.count)
        }
        self.init(
            machine: machine, shown: [Bool](repeating: true, count: machine.states.count), collapsed: [:],
            initial: machine.number(of: machine.initialState),
            edgeTransitions: Array(machine.transitions.indices), edgeSources: index.sources,
            edgeTargetStart: targetStart, edgeTargets: targets, stubs: [])
    }

    init(
        machine: Machine, shown: [Bool], collapsed: [Int: Int], initial: Int?, edgeTransitions: [Int],
        edgeSources: [Int], edgeTargetStart: [Int], edgeTargets: [Int], stubs: [DiagramStub]
    ) {
        self.machine = machine
        self.shown = shown
        self.shownStates = shown.indices.filter { shown[$0] }
        self.collapsed = collapsed
        self.initial = initial
        self.edgeTransitions = edgeTransitions
        self.edgeSources = edgeSources
        self.edgeTargetStart = edgeTargetStart
        self.edgeTargets = edgeTargets
        self.stubs = stubs
    }

    /// The states drawn, in declaration order.
    public var states: [StateID] { shownStates.map { machine.states[$0].id } }

    /// How many transitions are drawn (a transition whose ends fold into one collapsed state
    /// is not).
    public var transitionCount: Int { edgeTransitions.count }

    /// Whether `state` is drawn.
    public func contains(_ state: StateID) -> Bool {
        machine.number(of: state).map { shown[$0] } ?? false
    }

    /// For a state drawn as a single node in place of its nested states, how many states it
    /// contains at any depth; `nil` for any other state.
    public func collapsedContents(of state: StateID) -> Int? {
        machine.number(of: state).flatMap { collapsed[$0] }
    }

    /// The states the diagram draws inside `state` (top-level ones for `nil`), in declaration order.
    func children(of state: Int?) -> [Int] {
        machine.index.children(of: state).filter { shown[$0] }
    }

    /// Whether `state` is drawn as a cluster around nested states.
    func isCluster(_ state: Int) -> Bool {
        machine.index.children(of: state).contains { shown[$0] }
    }

    /// The states drawn as clusters around nested states, by number, in declaration order.
    package var clusterStates: [Int] { shownStates.filter(isCluster) }

    /// Whether a drawn transition enters a history state from outside its compound state, so
    /// that `DOTOptions.releasesHistoryEntries` changes the drawing.
    package var returnsToHistory: Bool {
        edgeSources.indices.contains { edge in
            targets(ofEdge: edge).contains { TransitionDrawing.returnsToHistory(machine, from: edgeSources[edge], to: $0) }
        }
    }

    /// The targets of drawn edge `edge`, as shown state numbers.
    func targets(ofEdge edge: Int) -> ArraySlice<Int> {
        edgeTargets[edgeTargetStart[edge]..<edgeTargetStart[edge + 1]]
    }
}
