/// A layout fsmviz will not start because it would run for minutes: ``LayoutPolicy`` says
/// which. The description proposes what to do instead, in the command line's terms.
public struct LayoutRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The engine asked for.
    public var engine: LayoutEngine
    /// How many transitions the diagram draws.
    public var transitions: Int
    /// The most the engine is given.
    public var limit: Int

    /// Whether `--engine auto` would lay the diagram out in bounds, so the description may
    /// propose it.
    public var autoFinishes: Bool

    /// Creates a refusal.
    public init(engine: LayoutEngine, transitions: Int, limit: Int, autoFinishes: Bool = true) {
        self.engine = engine
        self.transitions = transitions
        self.limit = limit
        self.autoFinishes = autoFinishes
    }

    public var description: String {
        "the diagram draws \(transitions) transitions, more than the \(limit) that '\(engine.rawValue)' lays out "
            + "in reasonable time (it would take minutes); "
            + (autoFinishes ? "use '--engine sfdp' or '--engine auto', draw a part " : "draw a part ")
            + "with '--focus STATE --radius N' or '--collapse DEPTH', write DOT without a layout with "
            + "'--format dot', or raise the limit with --max-layout-transitions (--no-limit lifts it)"
    }
}
