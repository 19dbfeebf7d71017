public import DOTExport

/// How fsmviz chooses a layout from the size of what is drawn: the engine `--engine auto`
/// picks, and how much the slow engines are given when they are asked for by name.
///
/// Graphviz's `dot` draws state machines best, but its time grows steeply with labelled edges
/// (each label becomes a node of its own in the layering); `sfdp` with overlap removal still
/// finishes on thousands of states, and dropping the edge labels from its layout (they become
/// tooltips) keeps it going to tens of thousands. The thresholds are measured on a 2-core
/// machine with generated machines (`scripts/generate-machine.py`, about four drawn edges per
/// state); docs/performance.md has the measurements.
public struct LayoutPolicy: Hashable, Sendable {
    /// The most drawn transitions `auto` gives `dot`.
    public var dotLimit: Int
    /// The most drawn transitions whose events are laid out beside the edges; above it they
    /// become tooltips.
    public var labelLimit: Int
    /// The most drawn transitions each engine lays out, even when chosen by name: past it, a
    /// layout takes a minute or more (``refusal(of:transitions:)``). Engines without an entry
    /// have no bound.
    public var maximumTransitions: [LayoutEngine: Int]

    /// Creates a policy.
    public init(dotLimit: Int, labelLimit: Int, maximumTransitions: [LayoutEngine: Int] = [:]) {
        self.dotLimit = dotLimit
        self.labelLimit = labelLimit
        self.maximumTransitions = maximumTransitions
    }

    /// The thresholds measured for fsmviz (docs/performance.md, docs/reliability.md): each
    /// engine passes a minute not far past its bound. `sfdp`'s, which is also `auto`'s, keeps
    /// every default render under about 20 seconds (7 s at 30,000 transitions, 23 s at 60,000,
    /// growing with the square: a million would take hours).
    public static let measured = LayoutPolicy(
        dotLimit: 250, labelLimit: 2_500,
        maximumTransitions: [.dot: 600, .circo: 600, .fdp: 2_000, .neato: 10_000, .twopi: 10_000, .sfdp: 50_000])

    /// The plan for a diagram that draws `transitions` transitions; never one that
    /// ``refusal(of:transitions:)`` refuses.
    public func plan(transitions: Int) -> LayoutPlan {
        if transitions <= dotLimit, transitions <= maximumTransitions[.dot] ?? .max { return LayoutPlan(engine: .dot) }
        return LayoutPlan(
            engine: .sfdp, edgeLabels: transitions <= labelLimit ? .onEdges : .tooltips, removesOverlap: true)
    }

    /// The plan for `view`.
    public func plan(for view: DiagramView) -> LayoutPlan {
        plan(transitions: view.transitionCount)
    }

    /// The plan for `view` laid out with `engine`: this policy's choice for
    /// ``LayoutEngine/auto``, else `engine` with the drawing as `options` ask for.
    public func plan(for view: DiagramView, engine: LayoutEngine, options: DOTOptions) -> LayoutPlan {
        engine == .auto
            ? plan(for: view)
            : LayoutPlan(engine: engine, edgeLabels: options.edgeLabels, removesOverlap: options.removesOverlap)
    }

    /// Why `engine` should not lay out a diagram that draws `transitions` transitions, or `nil`
    /// when it may.
    ///
    /// The cost is estimated from the drawn transitions alone, which is what the layouts' time
    /// grows with. How far transitions jump across the machine matters as much for `dot`, so
    /// its bound is set for machines whose transitions jump far, where it passes a minute
    /// first; it may refuse a machine of only local transitions that it would finish in
    /// seconds (docs/performance.md).
    /// - Complexity: O(1).
    public func refusal(of engine: LayoutEngine, transitions: Int) -> LayoutRefusal? {
        guard let limit = maximumTransitions[engine], transitions > limit else { return nil }
        // Proposing `auto` is only advice that works while its own layout, sfdp, is in bounds.
        let autoFinishes = engine != .sfdp && transitions <= maximumTransitions[.sfdp] ?? .max
        return LayoutRefusal(engine: engine, transitions: transitions, limit: limit, autoFinishes: autoFinishes)
    }

    /// Why `engine` should not lay out `view`, or `nil` when it may: ``refusal(of:transitions:)``
    /// for what `view` draws, so `--focus` and `--collapse` bring a huge machine back within
    /// bounds.
    public func refusal(of engine: LayoutEngine, for view: DiagramView) -> LayoutRefusal? {
        refusal(of: engine, transitions: view.transitionCount)
    }
}
