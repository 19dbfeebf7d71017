/// A layout fsmviz will not start because it would run for minutes: ``LayoutPolicy`` says
/// which.
public struct LayoutRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What a layout's size is counted in.
    public enum Measure: String, Hashable, Sendable {
        /// Drawn transitions, which every engine's time grows with.
        case transitions
        /// Drawn states, which cost time of their own when few transitions connect them.
        case states
    }

    /// The engine asked for.
    public var engine: LayoutEngine
    /// What is over the engine's bound.
    public var measure: Measure
    /// How many of ``measure`` the diagram draws.
    public var count: Int
    /// The most the engine is given.
    public var limit: Int

    /// Whether the automatic engine choice would lay the diagram out in bounds, so a caller
    /// may propose it.
    public var autoFinishes: Bool

    /// Creates a refusal for too many drawn transitions.
    public init(engine: LayoutEngine, transitions: Int, limit: Int, autoFinishes: Bool = true) {
        self.init(engine: engine, measure: .transitions, count: transitions, limit: limit, autoFinishes: autoFinishes)
    }

    /// Creates a refusal for too many drawn states.
    public init(engine: LayoutEngine, states: Int, limit: Int, autoFinishes: Bool = true) {
        self.init(engine: engine, measure: .states, count: states, limit: limit, autoFinishes: autoFinishes)
    }

    private init(engine: LayoutEngine, measure: Measure, count: Int, limit: Int, autoFinishes: Bool) {
        self.engine = engine
        self.measure = measure
        self.count = count
        self.limit = limit
        self.autoFinishes = autoFinishes
    }

    /// What is refused, in the library's terms: the engine, what the diagram draws and the
    /// bound. What to do instead depends on the caller (a command line proposes its flags), so
    /// it is not said here; ``autoFinishes`` and ``measure`` tell which proposals apply.
    public var description: String {
        "the diagram draws \(count) \(measure.rawValue), more than the \(limit) that '\(engine.rawValue)' lays out "
            + "in reasonable time (it would take minutes)"
    }
}
