internal import CGraphviz
public import FSMDOT
public import FSMCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Lays out and renders DOT in this process through Graphviz's libgvc.
///
/// libcgraph is not thread-safe: its parser and attribute tables are process-wide globals,
/// and two threads rendering at once crash it even with separate contexts. Every call into
/// Graphviz therefore goes through one process-wide lock, and one Graphviz context, created on
/// first use, serves every render in the process. Renderers are cheap values; use as many as
/// you like, from any thread: their work is serialized.
public struct GraphvizRenderer: Sendable {
    /// Creates a renderer; Graphviz itself starts on the first render.
    public init() {}

    /// The layout engines this Graphviz installation provides.
    public func availableEngines() throws(RenderError) -> [String] {
        try withSession { session throws(RenderError) in session.engines }
    }

    /// The output formats this Graphviz installation can render.
    public func availableFormats() throws(RenderError) -> [String] {
        try withSession { session throws(RenderError) in session.devices }
    }

    /// Renders `machine` as drawn by `options`.
    /// - Parameters:
    ///   - machine: The whole machine to draw.
    ///   - options: How the DOT is written (``/FSMDOT/DOTOptions``).
    ///   - format: The output format.
    ///   - engine: A Graphviz engine, or ``LayoutEngine/auto`` to let `policy` choose
    ///     by the machine's size.
    ///   - policy: Chooses the engine for ``LayoutEngine/auto`` and refuses layouts it expects
    ///     to run for minutes (see ``render(_:options:format:engine:policy:)-(DiagramView,_,_,_,_)``).
    /// - Throws: ``RenderError`` naming the machine.
    public func render(
        _ machine: Machine, options: DOTOptions = DOTOptions(), format: RenderFormat,
        engine: LayoutEngine = .auto, policy: LayoutPolicy = .measured
    ) throws(RenderError) -> [UInt8] {
        try render(DiagramView(whole: machine), options: options, format: format, engine: engine, policy: policy)
    }

    /// Renders the part of a machine that `view` selects, as drawn by `options`.
    ///
    /// Without a ``/FSMDOT/DOTOptions/rankDirection``, `dot` lays the diagram out top to bottom and,
    /// when that is more than ``squareEnough`` times as wide as tall or the reverse, left to
    /// right too, and keeps the squarer of the two. With parallel states, every
    /// ``/FSMDOT/RegionArrangement`` is laid out in each direction (or the one asked for), and
    /// the smallest drawing whose regions read in document order, within ``readableAspect``
    /// and lined up rather than as a staircase, is kept. A drawing of compound states whose
    /// states cover less than ``sparseCoverage`` of it is laid out in the other direction too and again with states
    /// closer together (``/FSMDOT/DOTOptions/isCompact``), and the denser kept. Then, in the
    /// layout kept, an edge that runs through a compound state holding neither end of its
    /// transition is redrawn around it, and a label that pulls its transition the long way
    /// round is moved onto the short way. An SVG's groups carry the machine's state
    /// and transition ids (``/FSMDOT/DiagramElementID``) and `data-` attributes naming what
    /// they draw.
    /// - Parameters:
    ///   - view: The states and transitions to draw (a focus, a collapsed level, or all).
    ///   - options: How the DOT is written (``/FSMDOT/DOTOptions``).
    ///   - format: The output format.
    ///   - engine: A Graphviz engine, or ``LayoutEngine/auto`` to let `policy` choose
    ///     by the view's size (and move events into tooltips on the largest diagrams).
    ///   - policy: Also bounds engines chosen by name: a layout it expects to run for
    ///     minutes is refused before Graphviz starts, since a running layout cannot be stopped.
    /// - Throws: ``RenderError`` naming the machine; ``RenderError/refused(_:)`` for a layout
    ///   `policy` refuses.
    public func render(
        _ view: DiagramView, options: DOTOptions = DOTOptions(), format: RenderFormat,
        engine: LayoutEngine = .auto, policy: LayoutPolicy = .measured
    ) throws(RenderError) -> [UInt8] {
        let plan = policy.plan(for: view, engine: engine, options: options)
        if let refusal = policy.refusal(of: plan.engine, for: view) { throw .refused(refusal) }
        let subject = view.machine.name.map { "machine '\($0)'" } ?? "the machine"
        let drawing = engine == .auto ? plan.applied(to: options) : options
        let bytes: [UInt8]
        // Every `dot` layout of a machine goes through the choice and the repairs, even in a
        // direction asked for: only there are edges kept out of unrelated compound states.
        if plan.engine == .dot {
            bytes = try renderSquarest(view, options: drawing, format: format, subject: subject)
        } else {
            bytes = try render(
                dot: DOTWriter(options: drawing).write(view), format: format, engine: plan.engine.rawValue,
                subject: subject)
        }
        return format == .svg ? SVGAnnotator(machine: view.machine).annotate(bytes) : bytes
    }

    /// The aspect ratio (longer side over shorter) up to which a top-to-bottom layout is kept
    /// without trying left to right.
    public static let squareEnough = 2.0

    private func renderSquarest(
        _ view: DiagramView, options: DOTOptions, format: RenderFormat, subject: String
    ) throws(RenderError) -> [UInt8] {
        // Top to bottom first, the way most diagrams read, unless a direction was asked for.
        let directions = options.rankDirection.map { [$0] } ?? [.TB, .LR]
        let parallel = view.machine.states.filter(\.isParallel)
        guard !parallel.isEmpty else {
            return try withSession { session throws(RenderError) in
                // Every layout is kept until one is rendered: freeing one resets state of the
                // context that rendering another still needs.
                var layouts: [(graph: UnsafeMutablePointer<Agraph_t>, rank: LayoutRank, direction: RankDirection)] = []
                defer { layouts.forEach { release($0.graph, session) } }
                // Only drawings of compound states are made denser: a flat machine's sparseness
                // comes from its labels, which closer ranks hardly change, and a further layout of
                // every small dense machine would double what a batch of them costs.
                let compound = view.machine.index.parents.contains { $0 >= 0 }
                for direction in directions {
                    let graph = try layOut(dot(view, options, direction, .rows), session, subject)
                    let rank = LayoutRank(graph, regions: false, densityMatters: compound)
                    layouts.append((graph, rank, direction))
                    if rank.aspect <= Self.squareEnough, rank.crossings == 0, !rank.sparse { break }
                }
                // The first layout with fewest edges through unrelated compound states among
                // those within ``readableAspect``, else the squarer.
                guard var chosen = layouts.min(by: { $0.rank.prefersFewerCrossings(than: $1.rank) })
                else { throw .contextUnavailable }
                if chosen.rank.sparse, !options.isCompact {
                    let graph = try layOut(dot(view, options.compacted, chosen.direction, .rows), session, subject)
                    let rank = LayoutRank(graph, regions: false, densityMatters: compound)
                    layouts.append((graph, rank, chosen.direction))
                    if rank.isDenser(than: chosen.rank) { chosen = (graph, rank, chosen.direction) }
                }
                if chosen.rank.crossings > 0 { DrawnTransitions(chosen.graph).reroute() }
                DrawnTransitions.shortenDetours(in: chosen.graph)
                return try renderData(session, chosen.graph, format, subject)
            }
        }
        // With parallel states, every arrangement of their regions is laid out in every
        // direction, and the smallest drawing whose regions read in document order, lined up,
        // within ``readableAspect`` wins: which one that is depends on the regions' sizes and
        // on the transitions between them, so it is measured rather than guessed.
        var arrangements: [RegionArrangement] = [.rows, .stacked]
        if parallel.contains(where: { view.machine.regions(of: $0.id).count > 3 }) { arrangements.append(.grid) }
        let candidates = arrangements.flatMap { regions in directions.map { (direction: $0, regions: regions) } }
        return try withSession { session throws(RenderError) in
            var layouts: [UnsafeMutablePointer<Agraph_t>] = []
            defer { layouts.forEach { release($0, session) } }
            var best: (graph: UnsafeMutablePointer<Agraph_t>, rank: LayoutRank, direction: RankDirection, regions: RegionArrangement)?
            for candidate in candidates {
                let graph = try layOut(dot(view, options, candidate.direction, candidate.regions), session, subject)
                layouts.append(graph)
                let rank = LayoutRank(graph, regions: true)
                if best.map({ rank.isBetter(than: $0.rank) }) ?? true { best = (graph, rank, candidate.direction, candidate.regions) }
            }
            guard var best else { throw .contextUnavailable }
            if best.rank.sparse, !options.isCompact {
                let graph = try layOut(dot(view, options.compacted, best.direction, best.regions), session, subject)
                layouts.append(graph)
                let rank = LayoutRank(graph, regions: true)
                if rank.isDenser(than: best.rank) { best = (graph, rank, best.direction, best.regions) }
            }
            if best.rank.crossings > 0 { DrawnTransitions(best.graph).reroute() }
            DrawnTransitions.shortenDetours(in: best.graph)
            return try renderData(session, best.graph, format, subject)
        }
    }

    /// The DOT for `view` in `direction` with regions arranged as `regions`.
    private func dot(
        _ view: DiagramView, _ options: DOTOptions, _ direction: RankDirection, _ regions: RegionArrangement
    ) -> String {
        var options = options
        options.rankDirection = direction
        options.regionArrangement = regions
        return DOTWriter(options: options).write(view)
    }

    /// Lays out with `dot`; the caller holds the lock and releases the graph.
    private func layOut(
        _ text: String, _ session: borrowing GraphvizSession, _ subject: String
    ) throws(RenderError) -> UnsafeMutablePointer<Agraph_t> {
        try layOut(text, session, LayoutEngine.dot.rawValue, subject)
    }

    /// The longest side over the shortest a drawing of parallel states may have and still
    /// be chosen over a smaller one that is not; the checker's limit.
    public static let readableAspect = 3.0

    /// How good a laid-out drawing is (``isBetter(than:)``): regions read in document order,
    /// then within ``GraphvizRenderer/readableAspect``, then lined up rather than as a
    /// staircase, then the fewest detours no repair shortens, then clearly smaller, then the fewest edges through compound states that hold
    /// neither end of their transition (``DrawnTransitions``), then the smallest area, then the
    /// squarest.
    private struct LayoutRank {
        var outOfOrder = false
        var tooLong: Bool
        var staircase = false
        var crossings: Int
        /// Transitions through a junction drawn the long way round, which no repair shortens.
        var detours: Int
        var area: Double
        var aspect: Double
        /// The share of the drawing that states' own boxes cover.
        var coverage: Double
        /// Whether states cover less than ``GraphvizRenderer/sparseCoverage`` of the drawing,
        /// where that matters.
        var sparse: Bool { densityMatters && coverage < GraphvizRenderer.sparseCoverage }
        /// Whether the drawing is one that a sparse layout is laid out again for.
        var densityMatters: Bool

        init(_ graph: UnsafeMutablePointer<Agraph_t>, regions: Bool, densityMatters: Bool = true) {
            self.densityMatters = densityMatters
            let bounds = fsmviz_bounds(graph)
            aspect = GraphvizRenderer.aspect(of: graph)
            area = (bounds.UR.x - bounds.LL.x) * (bounds.UR.y - bounds.LL.y)
            coverage = area > 0 ? GraphvizRenderer.stateArea(of: graph) / area : 1
            tooLong = aspect > GraphvizRenderer.readableAspect
            let drawn = DrawnTransitions(graph)
            crossings = drawn.count
            detours = drawn.junctionDetours
            guard regions else { return }
            let reading = GraphvizRenderer.regionReading(graph)
            outOfOrder = reading == .outOfOrder
            staircase = reading == .staircase
        }

        /// Areas within this factor of each other are about as large: between such drawings,
        /// fewer edges through unrelated compound states decide. A clearly smaller drawing wins
        /// even with more, since those edges are redrawn around them anyway.
        static let sameArea = 1.15

        func isBetter(than other: LayoutRank) -> Bool {
            func flaws(_ rank: LayoutRank) -> (Int, Int, Int, Int) {
                (rank.outOfOrder ? 1 : 0, rank.tooLong ? 1 : 0, rank.staircase ? 1 : 0, rank.detours)
            }
            if flaws(self) != flaws(other) { return flaws(self) < flaws(other) }
            if area * Self.sameArea < other.area || other.area * Self.sameArea < area { return area < other.area }
            return (crossings, area, aspect) < (other.crossings, other.area, other.aspect)
        }

        /// Whether this layout of a sparse drawing, with states and ranks closer together,
        /// reads as well as `other` (regions in order and lined up, within
        /// ``GraphvizRenderer/readableAspect``) and its states cover more of it.
        func isDenser(than other: LayoutRank) -> Bool {
            func flaws(_ rank: LayoutRank) -> Int { (rank.outOfOrder ? 4 : 0) + (rank.tooLong ? 2 : 0) + (rank.staircase ? 1 : 0) }
            return flaws(self) <= flaws(other) && coverage > other.coverage
        }

        /// For drawings without regions, where the squarer direction used to win outright:
        /// within ``GraphvizRenderer/readableAspect``, fewer crossings first, then not sparse,
        /// then the squarer (of two sparse ones, the denser).
        func prefersFewerCrossings(than other: LayoutRank) -> Bool {
            func key(_ rank: LayoutRank) -> (Int, Int, Int, Double) {
                (rank.tooLong ? 1 : 0, rank.crossings, rank.sparse ? 1 : 0, rank.sparse ? -rank.coverage : rank.aspect)
            }
            return key(self) < key(other)
        }
    }

    /// The share of a drawing below which its states are lost in empty space (the checker's
    /// limit): such a drawing is laid out in the other direction too, and the denser kept.
    public static let sparseCoverage = 0.03

    /// The area of the laid-out states' own nodes (not compound states' clusters, nor the
    /// helper nodes of transitions), in square points.
    private static func stateArea(of graph: UnsafeMutablePointer<Agraph_t>) -> Double {
        var area = 0.0
        var node = agfstnode(graph)
        while let current = node {
            node = agnxtnode(graph, current)
            guard let state = fsmviz_get(current, "fsmviz_state"), state.pointee != 0,
                fsmviz_get(current, "fsmviz_transition").map({ $0.pointee == 0 }) ?? true
            else { continue }
            let box = fsmviz_node_box(current)
            area += (box.UR.x - box.LL.x) * (box.UR.y - box.LL.y)
        }
        return area
    }

    /// The longer side of the laid-out drawing over its shorter side.
    private static func aspect(of graph: UnsafeMutablePointer<Agraph_t>) -> Double {
        let bounds = fsmviz_bounds(graph)
        let width = bounds.UR.x - bounds.LL.x
        let height = bounds.UR.y - bounds.LL.y
        guard width > 0, height > 0 else { return 1 }
        return max(width / height, height / width)
    }

    /// How every parallel state's regions read, the worst of them (``/FSMDOT/RegionArrangement/reading(of:tolerance:)``).
    /// The DOT marks parallel states' clusters with the class `parallel`, their regions with
    /// `region` and the invisible clusters around lines of regions with `region-line`; cgraph
    /// lists subgraphs in the order their names first appear (``DocumentReader``), which is
    /// document order.
    private static func regionReading(_ graph: UnsafeMutablePointer<Agraph_t>) -> RegionArrangement.Reading {
        func classes(_ subgraph: UnsafeMutablePointer<Agraph_t>) -> [Substring] {
            fsmviz_get(subgraph, "class").map { String(cString: $0).split(separator: " ") } ?? []
        }
        func subgraphs(of graph: UnsafeMutablePointer<Agraph_t>) -> [UnsafeMutablePointer<Agraph_t>] {
            var all: [UnsafeMutablePointer<Agraph_t>] = []
            var child = agfstsubg(graph)
            while let subgraph = child {
                all.append(subgraph)
                child = agnxtsubg(subgraph)
            }
            return all
        }
        var reading = RegionArrangement.Reading.inOrder
        var pending = [graph]
        while let current = pending.popLast() {
            var regions: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
            let parallel = classes(current).contains("parallel")
            for subgraph in subgraphs(of: current) {
                pending.append(subgraph)
                guard parallel else { continue }
                let kinds = classes(subgraph)
                let members = kinds.contains("region-line") ? subgraphs(of: subgraph) : [subgraph]
                for member in members {
                    let kinds = classes(member)
                    guard kinds.contains("region") || kinds.contains("region-border") else { continue }
                    let box = fsmviz_bounds(member)
                    regions.append((box.LL.x, box.LL.y, box.UR.x, box.UR.y))
                }
            }
            switch RegionArrangement.reading(of: regions) {
            case .outOfOrder: return .outOfOrder
            case .staircase: reading = .staircase
            case .inOrder: break
            }
        }
        return reading
    }

    /// Lays out `dot` with `engine` and renders it to `format`.
    /// - Parameters:
    ///   - dot: A graph in Graphviz's DOT language.
    ///   - format: The output format.
    ///   - engine: The name of a Graphviz engine (``LayoutEngine/auto`` chooses by a
    ///     machine's size, so it applies to machines and views only).
    ///   - subject: What the DOT describes, for error messages ("machine 'Door'").
    /// - Throws: ``RenderError`` with Graphviz's own explanation, never printed to stderr.
    public func render(
        dot: String, format: RenderFormat, engine: String = LayoutEngine.dot.rawValue,
        subject: String = "the graph"
    ) throws(RenderError) -> [UInt8] {
        try withSession { session throws(RenderError) in
            try laidOut(dot, session, engine, subject) { graph throws(RenderError) in
                try renderData(session, graph, format, subject)
            }
        }
    }

    /// Parses and lays out `dot`, hands the laid-out graph to `body`, then frees it; the
    /// caller holds the lock.
    private func laidOut<Result>(
        _ dot: String, _ session: borrowing GraphvizSession, _ engine: String, _ subject: String,
        _ body: (UnsafeMutablePointer<Agraph_t>) throws(RenderError) -> Result
    ) throws(RenderError) -> Result {
        let graph = try layOut(dot, session, engine, subject)
        defer { release(graph, session) }
        return try body(graph)
    }

    /// Parses and lays out `dot`; the caller holds the lock and releases the graph.
    private func layOut(
        _ dot: String, _ session: borrowing GraphvizSession, _ engine: String, _ subject: String
    ) throws(RenderError) -> UnsafeMutablePointer<Agraph_t> {
        guard session.engines.contains(engine) else {
            throw .unknownEngine(engine, available: session.engines)
        }
        guard let graph = try readGraph(dot, subject: subject) else { throw .contextUnavailable }
        // Every engine but dot lays out each connected component apart and then packs them,
        // by default around each other's outlines, which grows with the square of their count:
        // 2,000 unconnected states took sfdp 17 s and 4,000 over a minute. Packing them as an
        // array takes 0.07 s for 2,000 and 1.6 s for 50,000 (docs/performance.md).
        if engine != LayoutEngine.dot.rawValue { fsmviz_default_graph_attribute(graph, "packmode", "array") }
        guard gvLayout(session.context, graph, engine) == 0 else {
            agclose(graph)
            throw .layoutFailed(subject: subject, engine: engine, message: takeMessages())
        }
        return graph
    }

    /// Frees a graph's layout and the graph; the caller holds the lock.
    private func release(_ graph: UnsafeMutablePointer<Agraph_t>, _ session: borrowing GraphvizSession) {
        gvFreeLayout(session.context, graph)
        agclose(graph)
    }

    /// Renders a laid-out graph; the caller holds the lock.
    private func renderData(
        _ session: borrowing GraphvizSession, _ graph: UnsafeMutablePointer<Agraph_t>, _ format: RenderFormat,
        _ subject: String
    ) throws(RenderError) -> [UInt8] {
        guard session.devices.contains(format.graphvizDevice) else {
            throw .formatUnavailable(format, available: session.devices)
        }
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        guard fsmviz_render_data(session.context, graph, format.graphvizDevice, &data, &length) == 0, let data else {
            throw .renderFailed(subject: subject, format: format, message: takeMessages())
        }
        defer { gvFreeRenderData(data) }
        var bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
            Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        if format == .pdf { blankCreationDate(in: &bytes) }
        return bytes
    }

    /// Parses `dot` with Graphviz's own parser, without laying it out: what Graphviz
    /// understands the document to say. Useful to check that generated DOT reads back as meant.
    public func parse(dot: String, subject: String = "the graph") throws(RenderError) -> ParsedGraph {
        try withSession { _ throws(RenderError) in
            guard let graph = try readGraph(dot, subject: subject) else { throw .contextUnavailable }
            defer { agclose(graph) }
            func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
                pointer.map { String(cString: $0) } ?? ""
            }
            var nodes: [ParsedGraph.Node] = []
            var edges: [ParsedGraph.Edge] = []
            var node = agfstnode(graph)
            while let current = node {
                nodes.append(ParsedGraph.Node(name: text(agnameof(current)), label: text(fsmviz_get(current, "label"))))
                var edge = agfstout(graph, current)
                while let out = edge {
                    edges.append(
                        ParsedGraph.Edge(
                            tail: text(agnameof(fsmviz_edge_tail(out))), head: text(agnameof(fsmviz_edge_head(out))),
                            label: text(fsmviz_get(out, "label"))))
                    edge = agnxtout(graph, out)
                }
                node = agnxtnode(graph, current)
            }
            return ParsedGraph(nodes: nodes, edges: edges)
        }
    }

    /// Parses DOT; the caller holds the lock and closes the graph.
    ///
    /// Read with ``DocumentReader``'s disciplines rather than `agmemread`'s, so every name gets
    /// an id in order of first appearance instead of the address of its interned string:
    /// Graphviz orders subgraphs by id, and addresses depend on what earlier renders in the
    /// process freed, which made the same machine lay out differently after other renders.
    private func readGraph(_ dot: String, subject: String) throws(RenderError) -> UnsafeMutablePointer<Agraph_t>? {
        capturedMessages = ""
        // The lexer's buffer and line counter are process-wide globals that carry over from the
        // previous document (its trailing newline would count as this one's first line), so
        // errors would name the wrong line.
        fsmviz_reset_lexer()
        guard let graph = DocumentReader.read(dot) else {
            throw .invalidDOT(subject: subject, message: takeMessages())
        }
        return graph
    }

    private func withSession<Result>(
        _ body: (borrowing GraphvizSession) throws(RenderError) -> Result
    ) throws(RenderError) -> Result {
        try graphvizSession.withLock { session throws(RenderError) -> Result in
            if session == nil { session = try GraphvizSession.start() }
            guard let session else { throw RenderError.contextUnavailable }
            return try body(session)
        }
    }
}

/// The process's one Graphviz context and what its plugins offer.
///
/// Unchecked: the context pointer lives inside `graphvizSession`'s mutex and is only used
/// while that lock is held.
struct GraphvizSession: @unchecked Sendable {
    let context: OpaquePointer
    let engines: [String]
    let devices: [String]

    static func start() throws(RenderError) -> GraphvizSession {
        // Route Graphviz's messages to our buffer instead of stderr; render errors carry them.
        _ = agseterrf { message in
            if let message { capturedMessages += String(cString: message) }
            return 0
        }
        _ = agseterr(AGWARN)
        guard let context = gvContext() else { throw .contextUnavailable }
        let engines = pluginNames(context, kind: "layout")
        guard !engines.isEmpty else {
            gvFreeContext(context)
            throw .pluginsNotConfigured
        }
        return GraphvizSession(context: context, engines: engines, devices: pluginNames(context, kind: "device"))
    }

    /// Plugin names of one kind, without the `:provider` suffix, sorted and unique.
    private static func pluginNames(_ context: OpaquePointer, kind: String) -> [String] {
        var count: Int32 = 0
        guard let list = gvPluginList(context, kind, &count, nil) else { return [] }
        defer { free(list) }
        var names = Set<String>()
        for index in 0..<Int(count) {
            guard let entry = list[index] else { continue }
            names.insert(String(String(cString: entry).prefix { $0 != ":" }))
            free(entry)
        }
        return names.sorted()
    }
}

/// Reads DOT text through cgraph's `agread` with an I/O discipline over the text and an id
/// discipline that numbers names in order of first appearance (cgraph's own uses the
/// address of each interned name). Used only while `graphvizSession` is locked.
private enum DocumentReader {
    /// The text being read and how far `afread` has got.
    final class Source {
        let bytes: [CChar]
        var offset = 0
        init(_ text: String) { bytes = Array(text.utf8CString.dropLast()) }
    }

    /// Ids by interned name (cgraph interns each name once per graph) and names by id.
    final class Names {
        let graph: UnsafeMutablePointer<Agraph_t>?
        var ids: [UnsafeMutablePointer<CChar>: IDTYPE] = [:]
        var names: [UnsafeMutablePointer<CChar>] = []
        /// Anonymous objects get odd ids, named ones even ids, as in cgraph's discipline.
        var nextAnonymous: IDTYPE = 1
        init(_ graph: UnsafeMutablePointer<Agraph_t>?) { self.graph = graph }
    }

    /// Built once (by the shim, since their fields differ by Graphviz version); graphs keep
    /// pointers to them, so they live as long as the process.
    nonisolated(unsafe) static let discipline = fsmviz_discipline(
        { graph, _ in UnsafeMutableRawPointer(Unmanaged.passRetained(Names(graph)).toOpaque()) },
        { state, _, name, id, create in
            guard let state, let id else { return 0 }
            let names = Unmanaged<Names>.fromOpaque(state).takeUnretainedValue()
            guard let name else {
                id.pointee = names.nextAnonymous
                names.nextAnonymous += 2
                return 1
            }
            guard let interned = create != 0 ? agstrdup(names.graph, name) : agstrbind(names.graph, name) else {
                id.pointee = 0
                return 1
            }
            if let known = names.ids[interned] {
                id.pointee = known
            } else {
                names.names.append(interned)
                let new = IDTYPE(names.names.count) * 2
                names.ids[interned] = new
                id.pointee = new
            }
            return 1
        },
        { state, _, id in
            guard let state, id % 2 == 0, id > 0 else { return }
            let names = Unmanaged<Names>.fromOpaque(state).takeUnretainedValue()
            let index = Int(id / 2) - 1
            if names.names.indices.contains(index) { _ = fsmviz_strfree(names.graph, names.names[index]) }
        },
        { state, _, id in
            guard let state, id % 2 == 0, id > 0 else { return nil }
            let names = Unmanaged<Names>.fromOpaque(state).takeUnretainedValue()
            let index = Int(id / 2) - 1
            return names.names.indices.contains(index) ? names.names[index] : nil
        },
        { state in
            if let state { Unmanaged<Names>.fromOpaque(state).release() }
        },
        { _, _, _ in },
        { channel, buffer, size in
            // One line per call, as cgraph's own memory reader does.
            guard let channel, let buffer, size > 0 else { return 0 }
            let source = Unmanaged<Source>.fromOpaque(channel).takeUnretainedValue()
            var count = 0
            while source.offset < source.bytes.count, count < Int(size) {
                let byte = source.bytes[source.offset]
                buffer[count] = byte
                source.offset += 1
                count += 1
                if byte == 0x0A { break }
            }
            return Int32(count)
        })

    static func read(_ text: String) -> UnsafeMutablePointer<Agraph_t>? {
        let source = Source(text)
        return withExtendedLifetime(source) {
            agread(Unmanaged.passUnretained(source).toOpaque(), discipline)
        }
    }
}

/// Overwrites cairo's `/CreationDate (D:...)` entry with spaces, so the same machine gives
/// the same PDF bytes on every run. Same-length blanking keeps the cross-reference offsets
/// valid, and the entry is optional in PDF. (Cairo 1.16 ignores `SOURCE_DATE_EPOCH`.)
private func blankCreationDate(in pdf: inout [UInt8]) {
    let key = Array("/CreationDate (".utf8)
    guard pdf.count >= key.count else { return }
    for start in 0...(pdf.count - key.count) where pdf[start..<start + key.count].elementsEqual(key) {
        guard let close = pdf[(start + key.count)...].firstIndex(of: UInt8(ascii: ")")) else { return }
        for index in start...close { pdf[index] = UInt8(ascii: " ") }
        return
    }
}

/// Guards every Graphviz call in the process (see ``GraphvizRenderer``).
private let graphvizSession = Mutex<GraphvizSession?>(nil)

/// Graphviz's messages for the call in progress. Only touched while `graphvizSession` is
/// locked: the C callback that appends to it runs inside a locked Graphviz call.
nonisolated(unsafe) private var capturedMessages = ""

/// The captured messages as one line each, with Graphviz's "Error: " prefixes removed.
private func takeMessages() -> String {
    defer { capturedMessages = "" }
    return capturedMessages
        .split(whereSeparator: \.isNewline)
        .map { line in
            var text = line.trimmingPrefix("Error").trimmingPrefix(": ").trimmingPrefix("Warning").trimmingPrefix(": ")
            while text.first == " " { text = text.dropFirst() }
            return String(text)
        }
        .filter { !$0.isEmpty }
        .joined(separator: "; ")
}
