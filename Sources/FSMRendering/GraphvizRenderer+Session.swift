internal import CGraphviz
import FSMCore
import Synchronization

// Each call here runs with the process's Graphviz lock held and one of its sessions (`GraphvizSession`):
// the renderer's public methods enter through `withSession`.
extension GraphvizRenderer {
    /// Parses and lays out `dot`, hands the laid-out graph to `body`, then frees it; the
    /// caller holds the lock.
    func laidOut<Result>(
        _ dot: String, _ session: borrowing GraphvizSession, _ engine: String, _ subject: String,
        _ body: (UnsafeMutablePointer<Agraph_t>) throws(RenderError) -> Result
    ) throws(RenderError) -> Result {
        let graph = try layOut(dot, session, engine, subject)
        defer { release(graph, session) }
        return try body(graph)
    }

    /// Parses and lays out `dot`, with `defaults` as graph attributes where `dot` sets none; the
    /// caller holds the lock and releases the graph.
    func layOut(
        _ dot: String, _ session: borrowing GraphvizSession, _ engine: String, _ subject: String,
        defaults: KeyValuePairs<String, String> = [:]
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
        for (name, value) in defaults { fsmviz_default_graph_attribute(graph, name, value) }
        guard gvLayout(session.context, graph, engine) == 0 else {
            agclose(graph)
            throw .layoutFailed(subject: subject, engine: engine, message: GraphvizSession.takeMessages())
        }
        return graph
    }

    /// Frees a graph's layout and the graph; the caller holds the lock.
    func release(_ graph: UnsafeMutablePointer<Agraph_t>, _ session: borrowing GraphvizSession) {
        gvFreeLayout(session.context, graph)
        agclose(graph)
    }

    /// Renders a laid-out graph; the caller holds the lock.
    func renderData(
        _ session: borrowing GraphvizSession, _ graph: UnsafeMutablePointer<Agraph_t>, _ format: RenderFormat,
        _ subject: String
    ) throws(RenderError) -> [UInt8] {
        guard session.devices.contains(format.graphvizDevice) else {
            throw .formatUnavailable(format, available: session.devices)
        }
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        guard fsmviz_render_data(session.context, graph, format.graphvizDevice, &data, &length) == 0, let data else {
            throw .renderFailed(subject: subject, format: format, message: GraphvizSession.takeMessages())
        }
        defer { gvFreeRenderData(data) }
        var bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
            Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        if format == .pdf { PDFCreationDate.blank(in: &bytes) }
        return bytes
    }

    /// Parses DOT; the caller holds the lock and closes the graph.
    ///
    /// Read with ``DocumentReader``'s disciplines rather than `agmemread`'s, so every name gets
    /// an id in order of first appearance instead of the address of its interned string:
    /// Graphviz orders subgraphs by id, and addresses depend on what earlier renders in the
    /// process freed, which made the same machine lay out differently after other renders.
    func readGraph(_ dot: String, subject: String) throws(RenderError) -> UnsafeMutablePointer<Agraph_t>? {
        GraphvizSession.capturedMessages = ""
        // The lexer's buffer and line counter are process-wide globals that carry over from the
        // previous document (its trailing newline would count as this one's first line), so
        // errors would name the wrong line.
        fsmviz_reset_lexer()
        guard let graph = DocumentReader.read(dot) else {
            throw .invalidDOT(subject: subject, message: GraphvizSession.takeMessages())
        }
        return graph
    }

    /// Runs `body` with the process's Graphviz lock held and the session that lays out the text
    /// of `dot` as `format` needs (``RenderFormat/textMetrics(for:)``), started on first use.
    func withSession<Result>(
        for format: RenderFormat, laying dot: String? = nil, _ body: (borrowing GraphvizSession) throws(RenderError) -> Result
    ) throws(RenderError) -> Result {
        try GraphvizSession.current.withLock { sessions throws(RenderError) -> Result in
            let metrics = format.textMetrics(for: dot)
            if sessions[metrics] == nil { sessions[metrics] = try GraphvizSession.start(metrics) }
            guard let session = sessions[metrics] else { throw RenderError.contextUnavailable }
            return try body(session)
        }
    }
}
