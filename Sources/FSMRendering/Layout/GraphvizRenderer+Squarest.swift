internal import CGraphviz
import FSMCore
import FSMDOT

// How `dot` layouts are chosen: each direction and arrangement of regions is laid out, ranked
// (`LayoutRank`) and the best kept, then repaired. `LayoutPolicy` chooses the engine before
// any of this runs.
extension GraphvizRenderer {
    /// Lays `view` out with `dot` in each direction (and each arrangement of regions) that
    /// ``render(_:options:format:engine:policy:)-(DiagramView,_,_,_,_)`` describes, and renders the best.
    func renderSquarest(
        _ view: DiagramView, options: DOTOptions, format: RenderFormat, subject: String
    ) throws(RenderError) -> [UInt8] {
        // Top to bottom first, the way most diagrams read, unless a direction was asked for.
        let directions = options.rankDirection.map { [$0] } ?? [.TB, .LR]
        // Which text the layouts measure decides how (``RenderFormat/textMetrics(for:)``); every
        // direction and arrangement draws the same text. The first layout, which every choice
        // makes, reuses this DOT instead of writing it again.
        let text = dot(view, options, directions[0], .rows)
        func drawing(_ direction: RankDirection, _ regions: RegionArrangement, releasingHistory: Bool = false) -> String {
            direction == directions[0] && regions == .rows && !releasingHistory
                ? text : dot(view, options, direction, regions, releasingHistory: releasingHistory)
        }
        let parallel = view.machine.states.filter(\.isParallel)
        guard !parallel.isEmpty else {
            return try withSession(for: format, laying: text) { session throws(RenderError) in
                // Every layout is kept until one is rendered: freeing one resets state of the
                // context that rendering another still needs.
                var layouts: [UnsafeMutablePointer<Agraph_t>] = []
                defer { layouts.forEach { release($0, session) } }
                // Only drawings of compound states are made denser: a flat machine's sparseness
                // comes from its labels, which closer ranks hardly change, and a further layout of
                // every small dense machine would double what a batch of them costs.
                let compound = view.machine.index.parents.contains { $0 >= 0 }
                var candidates: [Candidate] = []
                for direction in directions {
                    let graph = try layOut(drawing(direction, .rows), session, subject)
                    let rank = LayoutRank(graph, regions: false, densityMatters: compound)
                    layouts.append(graph)
                    candidates.append((graph, rank, direction, .rows, false))
                    if rank.aspect <= Self.squareEnough, rank.crossings == 0, !rank.sparse { break }
                }
                // The first layout with fewest edges through unrelated compound states among
                // those within ``readableAspect``, else the squarer.
                guard var chosen = candidates.min(by: { $0.rank.prefersFewerCrossings(than: $1.rank) })
                else { throw .contextUnavailable }
                if chosen.rank.sparse, !options.isCompact {
                    chosen = try densest(than: chosen, alternative: nil, view, options, session, subject) { graph in
                        layouts.append(graph)
                        return LayoutRank(graph, regions: false, densityMatters: compound)
                    }
                }
                if !compound, chosen.rank.tooLong, !options.isCompact {
                    chosen = try squarer(than: chosen, view, options, session, subject) { graph in
                        layouts.append(graph)
                        return LayoutRank(graph, regions: false, densityMatters: false)
                    }
                }
                if chosen.rank.crossings > 0 { DrawnTransitions(chosen.graph).reroute() }
                DrawnTransitions.shortenDetours(in: chosen.graph)
                DrawnTransitions.separateBorderEnds(in: chosen.graph)
                return try renderData(session, chosen.graph, format, subject)
            }
        }
        // With parallel states, every arrangement of their regions is laid out in every
        // direction, and the smallest drawing whose regions read in document order, lined up,
        // within ``readableAspect`` wins: which one that is depends on the regions' sizes and
        // on the transitions between them, so it is measured rather than guessed.
        var arrangements: [RegionArrangement] = [.rows, .stacked]
        if parallel.contains(where: { view.machine.regions(of: $0.id).count > 3 }) { arrangements.append(.grid) }
        let shapes = arrangements.flatMap { regions in directions.map { (direction: $0, regions: regions) } }
        // A history state entered from outside its compound may hold the compound's border
        // down (media-player's `playback`, stretched to its mini player) or keep a flow in line
        // (checkout's `details`, above the payment that goes back to it): both are laid out.
        let candidates = (view.returnsToHistory ? [false, true] : [false]).flatMap { releasing in
            shapes.map { (direction: $0.direction, regions: $0.regions, releasing: releasing) }
        }
        return try withSession(for: format, laying: text) { session throws(RenderError) in
            var layouts: [UnsafeMutablePointer<Agraph_t>] = []
            defer { layouts.forEach { release($0, session) } }
            var best: Candidate?
            // The densest layout, whatever its flaws: laid out again for density, with its rows
            // of regions pegged in order, it may read as well as the best.
            var densestLayout: Candidate?
            for candidate in candidates {
                let graph = try layOut(
                    drawing(candidate.direction, candidate.regions, releasingHistory: candidate.releasing), session, subject)
                layouts.append(graph)
                let rank = LayoutRank(graph, regions: true)
                let laid = (graph, rank, candidate.direction, candidate.regions, candidate.releasing)
                if best.map({ rank.isBetter(than: $0.rank) }) ?? true { best = laid }
                if densestLayout.map({ rank.coverage > $0.rank.coverage }) ?? true { densestLayout = laid }
            }
            guard var best else { throw .contextUnavailable }
            if best.rank.sparse, !options.isCompact {
                let alternative = densestLayout.flatMap { $0.graph == best.graph ? nil : $0 }
                best = try densest(than: best, alternative: alternative, view, options, session, subject) { graph in
                    layouts.append(graph)
                    return LayoutRank(graph, regions: true)
                }
            }
            if best.rank.crossings > 0 { DrawnTransitions(best.graph).reroute() }
            DrawnTransitions.shortenDetours(in: best.graph)
            DrawnTransitions.separateBorderEnds(in: best.graph)
            return try renderData(session, best.graph, format, subject)
        }
    }

    /// A laid-out drawing, how good it is, and the direction, arrangement of regions and ranking
    /// of history states (`DOTOptions.releasesHistoryEntries`) its DOT was written with.
    typealias Candidate = (
        graph: UnsafeMutablePointer<Agraph_t>, rank: LayoutRank, direction: RankDirection, regions: RegionArrangement,
        releasesHistory: Bool
    )

    /// `chosen`, a drawing of a machine without compound states longer than ``readableAspect``
    /// in the directions laid out, or its layout with states and ranks closer
    /// (``/FSMDOT/DOTSpacing/compact``, then ``/FSMDOT/DOTSpacing/tight``) when that is less
    /// long: a chain of states is as long as its ranks and the gaps between them, and closer
    /// spacing takes the gaps in (a four-step timer of XState's catalogue, 3.35:1 to 2.5:1).
    /// Drawings of compound states have their own denser layouts, which keep within 3:1.
    /// `lay` keeps each graph until rendering and ranks it.
    func squarer(
        than chosen: Candidate, _ view: DiagramView, _ options: DOTOptions, _ session: borrowing GraphvizSession,
        _ subject: String, lay: (UnsafeMutablePointer<Agraph_t>) -> LayoutRank
    ) throws(RenderError) -> Candidate {
        var best = chosen
        for spacing in [DOTSpacing.compact, .tight] where best.rank.tooLong {
            let text = dot(view, options.spaced(spacing), chosen.direction, chosen.regions, releasingHistory: chosen.releasesHistory)
            let graph = try layOut(text, session, subject)
            let rank = lay(graph)
            guard rank.aspect < best.rank.aspect, rank.detours <= best.rank.detours else { continue }
            best = (graph, rank, chosen.direction, chosen.regions, chosen.releasesHistory)
        }
        return best
    }

    /// The densest of `chosen`, a sparse drawing, and its layouts made denser that read as well:
    /// ``denser(than:alternative:spacing:_:_:_:_:lay:)`` with ``/FSMDOT/DOTSpacing/compact``
    /// spacing, then, if that leaves it sparse, with ``/FSMDOT/DOTSpacing/tight``. Which spacing
    /// gives the densest drawing varies from machine to machine and not steadily, so the tighter
    /// one is tried only where the looser one was not enough.
    func densest(
        than chosen: Candidate, alternative: Candidate?, _ view: DiagramView, _ options: DOTOptions,
        _ session: borrowing GraphvizSession, _ subject: String, lay: (UnsafeMutablePointer<Agraph_t>) -> LayoutRank
    ) throws(RenderError) -> Candidate {
        let compact = try denser(than: chosen, alternative: alternative, spacing: .compact, view, options, session, subject, lay: lay)
        guard compact.rank.sparse else { return compact }
        return try denser(than: compact, alternative: alternative, spacing: .tight, view, options, session, subject, lay: lay)
    }

    /// The densest of `chosen`, a sparse drawing, and its layouts made denser that read as well
    /// (``LayoutRank/isDenser(than:)``): with states and ranks `spacing` apart
    /// (``/FSMDOT/DOTOptions/spacing``); then, while it stays sparse, `alternative` (another
    /// layout) so too, in Graphviz's global ranking; then the densest so far with its top-level
    /// compound states one after another along the flow where they shared ranks
    /// (``CompoundStacking``). The last two are kept only if, repaired, no edge runs through an
    /// unrelated compound state and no transition is drawn the long way round. `lay` keeps
    /// each graph until rendering and ranks it.
    func denser(
        than chosen: Candidate, alternative: Candidate?, spacing: DOTSpacing, _ view: DiagramView, _ options: DOTOptions,
        _ session: borrowing GraphvizSession, _ subject: String, lay: (UnsafeMutablePointer<Agraph_t>) -> LayoutRank
    ) throws(RenderError) -> Candidate {
        var best = chosen
        // The compact DOT of the best so far, and whether it is ranked globally.
        var compact = (
            text: dot(view, options.spaced(spacing), chosen.direction, chosen.regions, releasingHistory: chosen.releasesHistory),
            global: false
        )
        func layOut(_ text: String, global: Bool) throws(RenderError) -> UnsafeMutablePointer<Agraph_t> {
            try self.layOut(text, session, LayoutEngine.dot.rawValue, subject, defaults: global ? ["newrank": "true"] : [:])
        }
        let graph = try layOut(compact.text, global: false)
        let rank = lay(graph)
        if rank.isDenser(than: best.rank) { best = (graph, rank, chosen.direction, chosen.regions, chosen.releasesHistory) }
        // Rows of regions pegged in order and ranked globally keep each row below the one
        // before, which the older ranking only penalises (`infotainment.yaml`'s tall `Audio`
        // reached into the row below); the older ranking, which ranks each compound state as a
        // whole, suits the layout kept and stacking better (`checkout.scxml`'s rows fell apart).
        if let alternative, best.rank.sparse {
            let text = dot(
                view, options.spaced(spacing), alternative.direction, alternative.regions,
                releasingHistory: alternative.releasesHistory)
            let graph = try layOut(text, global: true)
            let rank = lay(graph)
            if rank.isDenser(than: best.rank), Self.repairsCleanly(graph, rank) {
                best = (graph, rank, alternative.direction, alternative.regions, alternative.releasesHistory)
                compact = (text, true)
            }
        }
        let links = CompoundStacking.links(in: best.graph, direction: best.direction)
        guard best.rank.sparse, !links.isEmpty else { return best }
        let stacked = try layOut(CompoundStacking.adding(links, to: compact.text), global: compact.global)
        let stackedRank = lay(stacked)
        guard stackedRank.isDenser(than: best.rank), Self.repairsCleanly(stacked, stackedRank) else { return best }
        return (stacked, stackedRank, best.direction, best.regions, best.releasesHistory)
    }

    /// Repairs `graph` as the layout kept is repaired, and whether that leaves no edge through
    /// an unrelated compound state and no transition drawn the long way round: a layout that
    /// needs what no repair does is not worth its density. Repairing the layout kept again
    /// changes nothing.
    static func repairsCleanly(_ graph: UnsafeMutablePointer<Agraph_t>, _ rank: LayoutRank) -> Bool {
        if rank.crossings > 0 {
            DrawnTransitions(graph).reroute()
            guard DrawnTransitions(graph).count == 0 else { return false }
        }
        DrawnTransitions.shortenDetours(in: graph)
        return DrawnTransitions(graph, evenWithoutClusters: true).detours(throughJunctionsOnly: false) == 0
    }

    /// The DOT for `view` in `direction` with regions arranged as `regions`, with transitions
    /// into history states ranked or not (`DOTOptions.releasesHistoryEntries`).
    func dot(
        _ view: DiagramView, _ options: DOTOptions, _ direction: RankDirection, _ regions: RegionArrangement,
        releasingHistory: Bool = false
    ) -> String {
        var options = options
        options.rankDirection = direction
        options.regionArrangement = regions
        options.releasesHistoryEntries = releasingHistory
        return DOTWriter(options: options).write(view)
    }

    /// Lays out with `dot`; the caller holds the lock and releases the graph.
    func layOut(
        _ text: String, _ session: borrowing GraphvizSession, _ subject: String
    ) throws(RenderError) -> UnsafeMutablePointer<Agraph_t> {
        try layOut(text, session, LayoutEngine.dot.rawValue, subject)
    }
}
