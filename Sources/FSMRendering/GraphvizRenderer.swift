internal import CGraphviz
public import FSMCore
public import FSMDOT

/// Lays out and renders DOT in this process through Graphviz's libgvc.
///
/// libcgraph is not thread-safe: its parser and attribute tables are process-wide globals,
/// and two threads rendering at once crash it even with separate contexts. Every call into
/// Graphviz therefore goes through one process-wide lock, and two Graphviz contexts, each
/// created on first use, serve every render in the process: one that sizes text by Graphviz's
/// tables for SVG, JSON and laid-out DOT of ASCII text, one that measures the installed fonts
/// for PNG, PDF and other text (docs/diagrams.md). Renderers are cheap values; use as many as
/// you like, from any thread: their work is serialized.
public struct GraphvizRenderer: Sendable {
    /// Creates a renderer; Graphviz itself starts on the first render.
    public init() {}

    /// The layout engines this Graphviz installation provides.
    public func availableEngines() throws(RenderError) -> [String] {
        try withSession(for: .svg) { session throws(RenderError) in session.engines }
    }

    /// The output formats this Graphviz installation can render: every device its plugins
    /// offer, which only the session that loads all of them knows.
    public func availableFormats() throws(RenderError) -> [String] {
        try withSession(for: .png) { session throws(RenderError) in session.devices }
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
    /// right too, and keeps the squarer of the two; a machine without compound states whose
    /// drawing is still longer than ``readableAspect`` is laid out again with states and ranks
    /// closer (``/FSMDOT/DOTSpacing/compact``, then ``/FSMDOT/DOTSpacing/tight``), and the
    /// shorter kept. With parallel states, every
    /// ``/FSMDOT/RegionArrangement`` is laid out in each direction (or the one asked for), and
    /// the smallest drawing whose regions read in document order, within ``readableAspect``
    /// and lined up rather than as a staircase, is kept. A drawing of compound states whose
    /// states cover less than ``sparseCoverage`` of it is laid out in the other direction too and again with states
    /// closer together (``/FSMDOT/DOTSpacing/compact``), then, still sparse, so from its densest
    /// arrangement of regions in Graphviz's global ranking, and with its top-level compound
    /// states one after another along the flow where they shared ranks, and the densest that
    /// reads as well kept; all of that once more, closer still (``/FSMDOT/DOTSpacing/tight``),
    /// if the drawing is still sparse. Then, in the
    /// layout kept, an edge that runs through a compound state holding neither end of its
    /// transition is redrawn around it, a label that pulls its transition the long way
    /// round is moved onto the short way, and an edge's end on a compound state's border
    /// right beside a child is moved along the border, or round it, clear of the child. An
    /// SVG's groups carry the machine's state
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

    /// The longest side over the shortest a drawing of parallel states may have and still
    /// be chosen over a smaller one that is not; the checker's limit.
    public static let readableAspect = 3.0

    /// The share of a drawing below which its states are lost in empty space (the checker's
    /// limit): such a drawing is laid out in the other direction too, and the denser kept.
    public static let sparseCoverage = 0.03

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
        try withSession(for: format, laying: dot) { session throws(RenderError) in
            try laidOut(dot, session, engine, subject) { graph throws(RenderError) in
                try renderData(session, graph, format, subject)
            }
        }
    }

    /// Parses `dot` with Graphviz's own parser, without laying it out: what Graphviz
    /// understands the document to say. Useful to check that generated DOT reads back as meant.
    public func parse(dot: String, subject: String = "the graph") throws(RenderError) -> ParsedGraph {
        try withSession(for: .svg) { _ throws(RenderError) in
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
}
