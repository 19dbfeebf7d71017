public import FSMDOT

/// How fsmviz chooses a layout from the size of what is drawn: the engine `--engine auto`
/// picks, and how much the slow engines are given when they are asked for by name.
///
/// Graphviz's `dot` draws state machines best, but its time grows steeply with labelled edges
/// (each label becomes a node of its own in the layering); `sfdp` with overlap removal still
/// finishes on thousands of states, and dropping the edge labels from its layout (they become
/// tooltips) keeps it going to tens of thousands. The thresholds are measured on a 2-core
/// machine with generated machines (`scripts/generate-machine`, about four drawn edges per
/// state); docs/performance.md has the measurements.
public struct LayoutPolicy: Hashable, Sendable {
    /// The most drawn transitions `auto` gives `dot`.
    public var dotLimit: Int
    /// The most drawn transitions whose events are laid out beside the edges; above it they
    /// become tooltips.
    public var labelLimit: Int
    /// The most drawn transitions each engine lays out, even when chosen by name: past it, a
    /// layout takes a minute or more (``refusal(of:transitions:states:)``). Engines without an entry
    /// have no bound.
    public var maximumTransitions: [LayoutEngine: Int]
    /// The most drawn states `auto` gives `dot`, which puts unconnected states side by side in
    /// one row, however many.
    public var dotStateLimit: Int
    /// The most drawn states each engine lays out, even when chosen by name: states that few
    /// transitions connect cost a layout time of their own (``refusal(of:transitions:states:)``).
    /// Engines without an entry have no bound.
    public var maximumStates: [LayoutEngine: Int]

    /// Creates a policy.
    public init(
        dotLimit: Int, labelLimit: Int, maximumTransitions: [LayoutEngine: Int] = [:], dotStateLimit: Int = .max,
        maximumStates: [LayoutEngine: Int] = [:]
    ) {
        self.dotLimit = dotLimit
        self.labelLimit = labelLimit
        self.maximumTransitions = maximumTransitions
        self.dotStateLimit = dotStateLimit
        self.maximumStates = maximumStates
    }

    /// The thresholds measured for fsmviz (docs/performance.md, docs/reliability.md): each
    /// engine passes a minute not far past its bound. `sfdp`'s, which is also `auto`'s, keeps
    /// every default render under about 20 seconds (7 s at 30,000 transitions, 23 s at 60,000,
    /// growing with the square: a million would take hours). States are bounded too, for
    /// machines of many states and few transitions: `dot` took 6 s for 20,000 unconnected
    /// states, and `sfdp`, packing them as an array, 6 s for 200,000.
    public static let measured = LayoutPolicy(
        dotLimit: 250, labelLimit: 2_500,
        maximumTransitions: [.dot: 600, .circo: 600, .fdp: 2_000, .neato: 10_000, .twopi: 10_000, .sfdp: 50_000],
        dotStateLimit: 1_000,
        maximumStates: [.dot: 20_000, .circo: 200_000, .fdp: 200_000, .neato: 200_000, .twopi: 200_000, .sfdp: 200_000])

    /// The plan for a diagram that draws `transitions` transitions between `states` states;
    /// never one that ``refusal(of:transitions:states:)`` refuses unless `sfdp`'s bounds do.
    public func plan(transitions: Int, states: Int = 0) -> LayoutPlan {
        if transitions <= dotLimit, transitions <= maximumTransitions[.dot] ?? .max,
            states <= dotStateLimit, states <= maximumStates[.dot] ?? .max
        {
            return LayoutPlan(engine: .dot)
        }
        return LayoutPlan(
            engine: .sfdp, edgeLabels: transitions <= labelLimit ? .onEdges : .tooltips, removesOverlap: true)
    }

    /// The plan for `view`.
    public func plan(for view: DiagramView) -> LayoutPlan {
        plan(transitions: view.transitionCount, states: view.states.count)
    }

    /// The plan for `view` laid out with `engine`: this policy's choice for
    /// ``LayoutEngine/auto``, else `engine` with the drawing as `options` ask for.
    public func plan(for view: DiagramView, engine: LayoutEngine, options: DOTOptions) -> LayoutPlan {
        engine == .auto
            ? plan(for: view)
            : LayoutPlan(engine: engine, edgeLabels: options.edgeLabels, removesOverlap: options.removesOverlap)
    }

    /// Why `engine` should not lay out a diagram that draws `transitions` transitions between
    /// `states` states, or `nil` when it may.
    ///
    /// The cost is estimated from the drawn transitions alone, which is what the layouts' time
    /// grows with. How far transitions jump across the machine matters as much for `dot`, so
    /// its bound is set for machines whose transitions jump far, where it passes a minute
    /// first; it may refuse a machine of only local transitions that it would finish in
    /// seconds (docs/performance.md).
    /// - Complexity: O(1).
    public func refusal(of engine: LayoutEngine, transitions: Int, states: Int = 0) -> LayoutRefusal? {
        // Proposing `auto` is only advice that works while its own layout, sfdp, is in bounds.
        let autoFinishes =
            engine != .sfdp && transitions <= maximumTransitions[.sfdp] ?? .max
            && states <= maximumStates[.sfdp] ?? .max
        if let limit = maximumTransitions[engine], transitions > limit {
            return LayoutRefusal(engine: engine, transitions: transitions, limit: limit, autoFinishes: autoFinishes)
        }
        if let limit = maximumStates[engine], states > limit {
            return LayoutRefusal(engine: engine, states: states, limit: limit, autoFinishes: autoFinishes)
        }
        return nil
    }

    /// Why `engine` should not lay out `view`, or `nil` when it may: ``refusal(of:transitions:states:)``
    /// for what `view` draws, so `--focus` and `--collapse` bring a huge machine back within
    /// bounds.
    public func refusal(of engine: LayoutEngine, for view: DiagramView) -> LayoutRefusal? {
        refusal(of: engine, transitions: view.transitionCount, states: view.states.count)
    }
}
