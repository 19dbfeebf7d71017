public import FSMCore

/// What every rule needs to know about one machine, each part computed in time linear in
/// states plus transitions, at most once, and only when a rule first asks for it.
///
/// States are numbered in declaration order and transitions by position, as in the machine's
/// ``/FSMCore/MachineIndex``; the analysis works on those numbers and flat arrays and never hashes an
/// identifier. Hierarchy follows statecharts: a state is *active* while it or any descendant
/// is; entering a compound state enters its initial child and entering a parallel state
/// enters all its regions; a transition leaving a compound state is available in every
/// descendant; history pseudo-states re-enter what their parent held. See `Reachability`
/// for the exact rules.
///
/// The computed parts (``reachable``, ``distance``, ``canMove``, ``successors``,
/// ``components``) are kept after the first access, and copies of a context share them; read
/// one into a local before a loop rather than through the context at every step.
public struct AnalysisContext: Sendable {
    /// Everything in one shared object: rules and their closures copy the context freely,
    /// and a copy then costs one reference count instead of one per array.
    private final class Parts: Sendable {
        let machine: Machine
        let semantics: MachineSemantics
        let hierarchy: Hierarchy
        let graph = ComputedOnce<StateGraph>()
        let reachability = ComputedOnce<Reachability>()
        let movement = ComputedOnce<[Bool]>()
        let components = ComputedOnce<StronglyConnectedComponents>()
        let groups = ComputedOnce<[TransitionGroups.Group]>()
        let neverFiring = ComputedOnce<NeverFiring>()
        let unraisedConsequences = ComputedOnce<[Int: Int]>()

        init(_ machine: Machine, semantics: MachineSemantics) {
            self.machine = machine
            self.semantics = semantics
            self.hierarchy = Hierarchy(machine)
        }
    }

    private let parts: Parts

    /// Prepares the analysis of `machine`, which follows the rules of `semantics` (where it
    /// came from); the parts rules ask for are computed when they do.
    public init(_ machine: Machine, semantics: MachineSemantics = .machineFile) {
        parts = Parts(machine, semantics: semantics)
    }

    /// The machine under analysis.
    public var machine: Machine { parts.machine }

    /// The execution rules the machine follows.
    public var semantics: MachineSemantics { parts.semantics }

    /// How guards are read: `In('state')` only in SCXML and the formats that follow it.
    /// XState's state guards are read as `In()` too (its importer writes them so).
    var guards: GuardReader { GuardReader(readsInState: semantics.source.followsSCXML || semantics.source == .xstate) }

    /// The transitions that can never fire, with why; reachability does not take them.
    var neverFiring: NeverFiring {
        parts.neverFiring.value {
            // Groups matter only where document order or sismic's priorities decide; elsewhere
            // they are not computed.
            NeverFiring(
                machine, semantics: semantics,
                groups: semantics.source.isDocumentOrdered || !semantics.priorities.isEmpty ? transitionGroups : [],
                guards: guards)
        }
    }

    /// The states unreachable only because transitions on events nothing raises never fire,
    /// each with the first such transition on its shortest way in: the consequences that
    /// `impossible-event` reports with its finding (something outside the machine may send the
    /// event), rather than as findings of their own.
    var unraisedConsequences: [Int: Int] {
        parts.unraisedConsequences.value {
            let unraised = neverFiring.reasons.filter { if case .eventNeverRaised = $0.value { true } else { false } }
            guard !unraised.isEmpty else { return [:] }
            let others = neverFiring.reasons.filter { unraised[$0.key] == nil }
            let relaxed = Reachability(machine, hierarchy: hierarchy, graph: StateGraph(index, hierarchy, skipping: others))
            let actual = reach.active
            var result: [Int: Int] = [:]
            for state in actual.indices where relaxed.active[state] && !actual[state] {
                var cause = -1
                var current = state
                // Back along the shortest run to the initial state; the earliest unraised
                // transition on it is the cause.
                for _ in 0...actual.count {
                    while relaxed.activatedThrough[current] >= 0 { current = relaxed.activatedThrough[current] }
                    let origin = relaxed.origins[current]
                    guard origin.state >= 0 else { break }
                    if origin.transition >= 0, unraised[origin.transition] != nil { cause = origin.transition }
                    current = origin.state
                }
                if cause >= 0 { result[state] = cause }
            }
            return result
        }
    }

    /// The machine's structure as integers (states, events and transitions by position).
    public var index: MachineIndex { parts.machine.index }

    var hierarchy: Hierarchy { parts.hierarchy }

    /// State identifiers by number.
    public var stateIDs: LazyMapCollection<[State], StateID> { machine.states.lazy.map { $0.id } }

    /// Parent number of each state, or -1 at the top level.
    public var parents: [Int] { hierarchy.parents }

    /// Whether each state can become active from the initial state.
    public var reachable: [Bool] { reach.active }

    /// The number of steps of a shortest run that makes each state active (`Int.max` if none).
    public var distance: [Int] { reach.distance }

    /// Whether some transition can fire while each state is active: one of its own, one of an
    /// ancestor's, or one in another region of a parallel ancestor, which runs alongside it.
    public var canMove: [Bool] { parts.movement.value { Self.canMove(hierarchy) } }

    /// Each state's successors in the state graph used for components (row `s` for state
    /// `s`): transition targets, a compound state's initial child, a parallel state's regions,
    /// and a child's parent (whose transitions it can take).
    public var successors: CompressedRows { graph.successors }

    /// The strongly connected components of the ``successors`` graph, each sorted by state
    /// number, listed in order of their first state.
    public var components: StronglyConnectedComponents {
        parts.components.value { StronglyConnectedComponents(successors: successors) }
    }

    /// The groups of transitions that leave one state on one event (or are all automatic),
    /// for the rules about competing transitions.
    var transitionGroups: [TransitionGroups.Group] { parts.groups.value { TransitionGroups.all(in: machine) } }

    private var graph: StateGraph {
        parts.graph.value { StateGraph(index, hierarchy, skipping: neverFiring.reasons) }
    }

    private var reach: Reachability {
        parts.reachability.value { Reachability(machine, hierarchy: hierarchy, graph: graph) }
    }

    /// A shortest run from the initial state that makes `state` active, or `nil` if none does.
    public func path(to state: Int) -> [PathStep]? {
        let reach = self.reach
        guard reach.active[state] else { return nil }
        var steps: [PathStep] = []
        var current = state
        while reach.activatedThrough[current] >= 0 { current = reach.activatedThrough[current] }
        while reach.origins[current].state >= 0 {
            let origin = reach.origins[current]
            steps.append(PathStep(via: step(origin.transition), state: machine.states[current].id))
            current = origin.state
            while reach.activatedThrough[current] >= 0 { current = reach.activatedThrough[current] }
        }
        steps.append(PathStep(via: nil, state: machine.states[current].id))
        return steps.reversed()
    }

    /// What taking `transition` (-1: entering a default) looks like in a witness path.
    private func step(_ transition: Int) -> PathStep.Via {
        guard transition >= 0 else { return .initialChild }
        let event = index.events[transition]
        return event >= 0 ? .event(machine.events[event].id) : .automatic
    }

    /// ``canMove`` in two linear passes: which subtrees hold a transition source (bottom up),
    /// then what each state inherits from its ancestors and their parallel siblings (top down).
    private static func canMove(_ hierarchy: Hierarchy) -> [Bool] {
        let count = hierarchy.count
        let ownMoves = hierarchy.traits.map { $0.contains(.hasOutgoing) }
        // Without nesting a state can move exactly when it has transitions of its own.
        guard !hierarchy.isFlat else { return ownMoves }
        let topDown = hierarchy.topDown()
        var subtreeMoves = ownMoves
        for state in topDown.reversed() where subtreeMoves[state] && hierarchy.parents[state] >= 0 {
            subtreeMoves[hierarchy.parents[state]] = true
        }
        var movingRegions = [Int](repeating: 0, count: count)
        for state in 0..<count where hierarchy.isParallel(state) {
            movingRegions[state] = hierarchy.regions(of: state).filter { subtreeMoves[$0] }.count
        }
        var result = [Bool](repeating: false, count: count)
        for state in topDown {
            let parent = hierarchy.parents[state]
            var moves = ownMoves[state]
            if parent >= 0 {
                moves = moves || result[parent]
                if hierarchy.isParallel(parent), !hierarchy.isPseudoState(state) {
                    moves = moves || movingRegions[parent] - (subtreeMoves[state] ? 1 : 0) > 0
                }
            }
            result[state] = moves
        }
        return result
    }

    /// The identifier of state `state`.
    public func id(of state: Int) -> StateID { machine.states[state].id }

    /// Whether `state` is a pseudo-state (initial or history).
    public func isPseudoState(_ state: Int) -> Bool { hierarchy.isPseudoState(state) }

    /// The number of `id`, which must be a state of the machine.
    public func number(_ id: StateID) -> Int { machine.number(of: id) ?? 0 }

    /// Whether `state` is final.
    public func isFinal(_ state: Int) -> Bool { hierarchy.traits[state].contains(.final) }

    /// The final states, in declaration order.
    public var finalStates: [Int] { hierarchy.finalStates }

    /// Whether any state is nested in `state`.
    public func isCompound(_ state: Int) -> Bool { hierarchy.traits[state].contains(.compound) }

    /// The states nested directly in `state`, in declaration order.
    public func children(of state: Int) -> ArraySlice<Int> { hierarchy.children[state] }

    /// Indices of the transitions available while `state` is active: its own, then its
    /// ancestors', innermost first.
    public func availableTransitions(in state: Int) -> [Int] {
        var result: [Int] = []
        var current = state
        while current >= 0 {
            result += index.outgoing(from: current)
            current = hierarchy.parents[current]
        }
        return result
    }
}
