internal import CGraphviz

/// The transitions of a laid-out `states` drawing, read back from Graphviz's layout through
/// fsmviz's `fsmviz_*` attributes, and the repairs made to them before rendering.
///
/// Edges that run through a compound state's cluster holding neither the transition's source
/// nor any of its targets are what DiagramCheck's `unrelated-compound` measure finds: the
/// renderer prefers the layout with fewest (``count``), then draws those that remain around
/// the boxes in their way (``reroute()``). A label that pulls its transition the long way round
/// is moved onto the short way (``shortenDetours()``), and an end clipped at a compound state's
/// border right beside one of its children moves along the border, away from the child, or
/// else round it to another side (``separateBorderEnds(in:)``). The caller holds the Graphviz
/// lock.
struct DrawnTransitions {
    /// How far inside a cluster's border a curve may run and still only touch it, in points
    /// (DiagramCheck's tolerance).
    static let tolerance = 3.0

    /// How far a redrawn edge keeps from the boxes it goes round, in points.
    static let room = 4.0

    /// How far along each leg a redrawn edge's bend is rounded, in points. Round a box's
    /// corner (``room`` out on both sides, 5.7 pt from it) a right-angled bend cuts in by about
    /// a third of this, 2.8 pt, so the curve still keeps clear of the box, and it reads as a
    /// curve rather than a corner.
    static let bendRadius = 2 * room

    /// A cluster that draws a state.
    struct Cluster {
        var name: String
        /// Its box as drawn.
        var box: boxf
        /// The positions in ``DrawnTransitions/clusters`` of the clusters around it, nearest first.
        var ancestors: [Int]
        var nodes: Set<Int>
    }

    /// One drawn edge of a transition.
    struct Edge {
        var edge: UnsafeMutablePointer<Agedge_t>
        var tail: Int
        var head: Int
        var headNode: UnsafeMutablePointer<Agnode_t>
        /// Its `fsmviz_part`: `source`, `link`, `target` or `whole`.
        var part: String
        /// Points along its curves.
        var curve: [pointf]
    }

    /// A transition's edges and the clusters that hold its source or a target.
    struct Transition {
        var edges: [Edge] = []
        var related: Set<Int> = []
    }

    let graph: UnsafeMutablePointer<Agraph_t>
    private(set) var clusters: [Cluster] = []
    private(set) var transitions: [String: Transition] = [:]
    /// Each cluster's position in ``clusters``, by its DOT name.
    private var positions: [String: Int] = [:]

    /// Reads the clusters and transitions of laid-out `graph`; without clusters, the
    /// transitions only when `evenWithoutClusters` (nothing can cross a cluster then).
    init(_ graph: UnsafeMutablePointer<Agraph_t>, evenWithoutClusters: Bool = false) {
        self.graph = graph
        clusters = Self.stateClusters(of: graph)
        positions = Dictionary(clusters.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        guard !clusters.isEmpty || evenWithoutClusters else { return }
        var ends: [String: (nodes: Set<Int>, clusters: Set<Int>)] = [:]
        var buffer = [pointf](repeating: pointf(), count: 64)
        for current in Self.visibleEdges(of: graph) {
            guard let number = Self.text(current, "fsmviz_transition"), !number.isEmpty,
                let tail = fsmviz_edge_tail(current), let head = fsmviz_edge_head(current)
            else { continue }
            let part = Self.text(current, "fsmviz_part") ?? ""
            transitions[number, default: Transition()].edges.append(
                Edge(
                    edge: current, tail: Int(bitPattern: tail), head: Int(bitPattern: head), headNode: head,
                    part: part, curve: Self.curve(of: current, buffer: &buffer)))
            // The ends: a state's node, or the cluster an edge is clipped at.
            if part == "source" || part == "whole" {
                if let cluster = cluster(current, "ltail") {
                    ends[number, default: ([], [])].clusters.insert(cluster)
                } else {
                    ends[number, default: ([], [])].nodes.insert(Int(bitPattern: tail))
                }
            }
            if part == "target" || part == "whole" {
                if let cluster = cluster(current, "lhead") {
                    ends[number, default: ([], [])].clusters.insert(cluster)
                } else {
                    ends[number, default: ([], [])].nodes.insert(Int(bitPattern: head))
                }
            }
        }
        for (number, end) in ends {
            var related = Set<Int>()
            for (position, cluster) in clusters.enumerated() where !cluster.nodes.isDisjoint(with: end.nodes) {
                related.insert(position)
            }
            for cluster in end.clusters {
                related.insert(cluster)
                related.formUnion(clusters[cluster].ancestors)
            }
            transitions[number]?.related = related
        }
    }

    /// How many (transition, unrelated cluster) pairs meet, as DiagramCheck counts them.
    var count: Int {
        transitions.values.reduce(0) { total, transition in
            total
                + clusters.indices.filter { cluster in
                    !transition.related.contains(cluster) && transition.edges.contains { crosses($0, cluster) }
                }.count
        }
    }

    /// Draws each edge that runs through a cluster unrelated to its transition again, as the
    /// shortest path that keeps out of every such cluster (the outermost of them, a little
    /// widened) and of every other node (labels included, so no label is crossed); ends and
    /// arrowheads stay where Graphviz put them. An edge with no such path keeps its curve.
    /// Returns how many edges were redrawn.
    @discardableResult
    func reroute() -> Int {
        let nodeBoxes = Self.visibleNodes(of: graph)
        let bounds = Self.box(fsmviz_bounds(graph))
        var rerouted = 0
        for number in transitions.keys.sorted() {
            guard let transition = transitions[number] else { continue }
            let unrelated = clusters.indices.filter { !transition.related.contains($0) }
            for edge in transition.edges where unrelated.contains(where: { crosses(edge, $0) }) {
                guard let start = edge.curve.first, let end = edge.curve.last else { continue }
                let ends = [ObstacleRoute.Point(x: start.x, y: start.y), ObstacleRoute.Point(x: end.x, y: end.y)]
                let obstacles = obstacles(for: transition, ends: ends, excluding: [edge.tail, edge.head], nodeBoxes: nodeBoxes)
                guard let way = way(for: edge, from: ends[0], around: obstacles, within: bounds) else { continue }
                if redraw(edge, along: way) { rerouted += 1 }
            }
        }
        return rerouted
    }

    /// What an edge of `transition` redrawn between `ends` keeps out of: the outermost clusters
    /// that hold neither its source nor a target (a little widened, less where an end lies in
    /// one), and every visible node but `excluded` that is not behind their borders.
    func obstacles(
        for transition: Transition, ends: [ObstacleRoute.Point], excluding excluded: Set<Int>,
        nodeBoxes: [(Int, ObstacleRoute.Box)]
    ) -> [ObstacleRoute.Box] {
        let unrelated = clusters.indices.filter { !transition.related.contains($0) }
        // The outermost unrelated clusters; nodes inside them are behind their border.
        let outermost = unrelated.filter { clusters[$0].ancestors.allSatisfy(transition.related.contains) }
        let hidden = outermost.reduce(into: Set<Int>()) { $0.formUnion(clusters[$1].nodes) }
        var obstacles = outermost.map { cluster in
            let box = Self.box(clusters[cluster].box)
            let roomy = box.expanded(by: Self.room)
            return ends.contains(where: roomy.contains) ? box.expanded(by: 0.5 - Self.tolerance) : roomy
        }
        for (node, box) in nodeBoxes where !excluded.contains(node) && !hidden.contains(node) {
            obstacles.append(box.expanded(by: Self.room))
        }
        return obstacles
    }

    /// A new way for `edge` from `start` to where its curve ends, around `obstacles`, and where
    /// its arrowhead then points (`nil`: where it did). The way ends in line with the arrowhead,
    /// so that a reader (or a checker) follows the curve into it: through a point a little way
    /// back along the arrowhead's axis where that is clear, else with its last leg and the
    /// arrowhead turned to the nearest point of the target's border.
    func way(
        for edge: Edge, from start: ObstacleRoute.Point, around obstacles: [ObstacleRoute.Box],
        within bounds: ObstacleRoute.Box
    ) -> (path: [ObstacleRoute.Point], tip: ObstacleRoute.Point?)? {
        guard let last = edge.curve.last else { return nil }
        let end = ObstacleRoute.Point(x: last.x, y: last.y)
        let router = ObstacleRoute(obstacles: obstacles, bounds: bounds)
        var tip = pointf()
        guard fsmviz_edge_arrow_tip(edge.edge, &tip) != 0 else { return router.path(from: start, to: end).map { ($0, nil) } }
        let arrow = ObstacleRoute.Point(x: tip.x, y: tip.y).distance(to: end)
        guard arrow > 0 else { return router.path(from: start, to: end).map { ($0, nil) } }
        let axis = (x: (end.x - tip.x) / arrow, y: (end.y - tip.y) / arrow)
        let approach = ObstacleRoute.Point(x: end.x + axis.x * 2 * Self.room, y: end.y + axis.y * 2 * Self.room)
        if !obstacles.contains(where: { $0.contains(approach) || $0.blocks(approach, end) }),
            let path = router.path(from: start, to: approach)
        {
            return (path + [end], nil)
        }
        guard let path = router.path(from: start, to: end), path.count >= 2 else { return nil }
        // Else the arrowhead turns to the side of the target's box the way comes from (or the
        // next nearest), square to it, and the way comes in through a point straight out from it.
        let before = path[path.count - 2]
        let target = Self.box(cluster(edge.edge, "lhead").map { clusters[$0].box } ?? fsmviz_node_box(edge.headNode))
        let inset = Self.room + 2
        func along(_ value: Double, _ low: Double, _ high: Double) -> Double {
            high - low > 2 * inset ? min(max(value, low + inset), high - inset) : (low + high) / 2
        }
        // Each side's tip and outward normal, with how far `before` lies out beyond it.
        let sides: [(tip: ObstacleRoute.Point, normal: (x: Double, y: Double), beyond: Double)] = [
            (.init(x: target.minX, y: along(before.y, target.minY, target.maxY)), (-1, 0), target.minX - before.x),
            (.init(x: target.maxX, y: along(before.y, target.minY, target.maxY)), (1, 0), before.x - target.maxX),
            (.init(x: along(before.x, target.minX, target.maxX), y: target.minY), (0, -1), target.minY - before.y),
            (.init(x: along(before.x, target.minX, target.maxX), y: target.maxY), (0, 1), before.y - target.maxY),
        ]
        for side in sides.sorted(by: { $0.beyond > $1.beyond }) {
            let newEnd = ObstacleRoute.Point(x: side.tip.x + side.normal.x * arrow, y: side.tip.y + side.normal.y * arrow)
            let entry = ObstacleRoute.Point(
                x: newEnd.x + side.normal.x * 2 * Self.room, y: newEnd.y + side.normal.y * 2 * Self.room)
            guard !obstacles.contains(where: { $0.contains(entry) || $0.blocks(entry, newEnd) }),
                let way = router.path(from: start, to: entry)
            else { continue }
            return (way + [newEnd], side.tip)
        }
        return (path, nil)
    }

    /// Draws `edge` along `way` (its corners rounded), its arrowhead at the way's tip if it
    /// has one; whether Graphviz took the new curve.
    func redraw(_ edge: Edge, along way: (path: [ObstacleRoute.Point], tip: ObstacleRoute.Point?)) -> Bool {
        let controls = Self.controls(along: way.path)
        guard fsmviz_set_edge_points(edge.edge, controls, controls.count) != 0 else { return false }
        if let tip = way.tip { fsmviz_set_edge_arrow_tip(edge.edge, pointf(x: tip.x, y: tip.y)) }
        return true
    }

    /// The Bézier control points of a redrawn edge along `path`, its bends rounded
    /// (``bendRadius``).
    static func controls(along path: [ObstacleRoute.Point]) -> [pointf] {
        ObstacleRoute.curve(along: path, radius: bendRadius).map { pointf(x: $0.x, y: $0.y) }
    }

    func crosses(_ edge: Edge, _ cluster: Int) -> Bool { crosses(edge.curve, cluster) }

    /// Whether points along a curve run inside `cluster`'s box, moved in by ``tolerance``.
    func crosses(_ curve: [pointf], _ cluster: Int) -> Bool {
        let box = Self.inset(clusters[cluster].box, by: Self.tolerance)
        return zip(curve, curve.dropFirst()).contains { Self.meets(box, $0, $1) }
    }

    /// `box` moved in by `margin` on every side.
    static func inset(_ box: boxf, by margin: Double) -> boxf {
        boxf(LL: pointf(x: box.LL.x + margin, y: box.LL.y + margin), UR: pointf(x: box.UR.x - margin, y: box.UR.y - margin))
    }

    /// The position in ``clusters`` of the cluster `edge`'s `ltail` or `lhead` (`attribute`)
    /// clips it at, if any.
    func cluster(_ edge: UnsafeMutablePointer<Agedge_t>, _ attribute: String) -> Int? {
        Self.text(edge, attribute).flatMap { positions[$0] }
    }

    static func box(_ box: boxf) -> ObstacleRoute.Box {
        ObstacleRoute.Box(minX: box.LL.x, minY: box.LL.y, maxX: box.UR.x, maxY: box.UR.y)
    }

    /// Every edge of `graph` that is drawn (not `style=invis`), tail by tail.
    static func visibleEdges(of graph: UnsafeMutablePointer<Agraph_t>) -> [UnsafeMutablePointer<Agedge_t>] {
        var edges: [UnsafeMutablePointer<Agedge_t>] = []
        var node = agfstnode(graph)
        while let tail = node {
            var edge = agfstout(graph, tail)
            while let current = edge {
                edge = agnxtout(graph, current)
                if !isInvisible(current) { edges.append(current) }
            }
            node = agnxtnode(graph, tail)
        }
        return edges
    }

    /// Every visible node's box, by node.
    static func visibleNodes(of graph: UnsafeMutablePointer<Agraph_t>) -> [(Int, ObstacleRoute.Box)] {
        var boxes: [(Int, ObstacleRoute.Box)] = []
        var node = agfstnode(graph)
        while let current = node {
            node = agnxtnode(graph, current)
            guard !isInvisible(current) else { continue }
            boxes.append((Int(bitPattern: current), box(fsmviz_node_box(current))))
        }
        return boxes
    }

    /// The clusters that draw states (their own `fsmviz_state` is set; helper clusters set it
    /// empty), with the nodes inside them and the state clusters around them.
    private static func stateClusters(of graph: UnsafeMutablePointer<Agraph_t>) -> [Cluster] {
        var clusters: [Cluster] = []
        // Each subgraph to visit with the state clusters around it, nearest first.
        var pending: [(UnsafeMutablePointer<Agraph_t>, [Int])] = [(graph, [])]
        while let (current, around) = pending.popLast() {
            var child = agfstsubg(current)
            while let subgraph = child {
                child = agnxtsubg(subgraph)
                guard let state = text(subgraph, "fsmviz_state"), !state.isEmpty,
                    (text(subgraph, "class") ?? "").split(separator: " ").contains("state")
                else {
                    pending.append((subgraph, around))
                    continue
                }
                var nodes = Set<Int>()
                var node = agfstnode(subgraph)
                while let inside = node {
                    nodes.insert(Int(bitPattern: inside))
                    node = agnxtnode(subgraph, inside)
                }
                let name = agnameof(UnsafeMutableRawPointer(subgraph)).map { String(cString: $0) } ?? ""
                clusters.append(Cluster(name: name, box: fsmviz_bounds(subgraph), ancestors: around, nodes: nodes))
                pending.append((subgraph, [clusters.count - 1] + around))
            }
        }
        return clusters
    }

    /// Points along `edge`'s curves, read through `buffer`, which grows as needed.
    static func curve(of edge: UnsafeMutablePointer<Agedge_t>, buffer: inout [pointf]) -> [pointf] {
        curve(controls(of: edge, buffer: &buffer))
    }

    /// `edge`'s Bézier control points (a start point, then three per segment), read through
    /// `buffer`, which grows as needed.
    static func controls(of edge: UnsafeMutablePointer<Agedge_t>, buffer: inout [pointf]) -> ArraySlice<pointf> {
        var count = fsmviz_edge_points(edge, &buffer, buffer.count)
        if count > buffer.count {
            buffer = [pointf](repeating: pointf(), count: count)
            count = fsmviz_edge_points(edge, &buffer, buffer.count)
        }
        return buffer.prefix(count)
    }

    /// Points along a run of cubic Bézier control points (a start point, then three per
    /// segment), sixteen per segment, as DiagramCheck samples them.
    static func curve(_ controls: ArraySlice<pointf>) -> [pointf] {
        let points = Array(controls)
        guard var result = points.first.map({ [$0] }) else { return [] }
        var index = 0
        while index + 3 < points.count {
            let (p0, p1, p2, p3) = (points[index], points[index + 1], points[index + 2], points[index + 3])
            for step in 1...16 {
                let t = Double(step) / 16
                let u = 1 - t
                let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                result.append(
                    pointf(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
            index += 3
        }
        return result
    }

    /// Whether the segment from `start` to `end` has a point inside `box`: an end inside it, or
    /// a crossing of one of its sides.
    static func meets(_ box: boxf, _ start: pointf, _ end: pointf) -> Bool {
        func inside(_ point: pointf) -> Bool {
            point.x > box.LL.x && point.x < box.UR.x && point.y > box.LL.y && point.y < box.UR.y
        }
        if inside(start) || inside(end) { return true }
        // Where the segment reaches each side's line, if it does, and whether that lies on the side.
        for (from, to, low, high, vertical) in [
            (start.x, end.x, box.LL.y, box.UR.y, true), (start.y, end.y, box.LL.x, box.UR.x, false),
        ] {
            for side in vertical ? [box.LL.x, box.UR.x] : [box.LL.y, box.UR.y] where (from - side) * (to - side) < 0 {
                let t = (side - from) / (to - from)
                let across = vertical ? start.y + t * (end.y - start.y) : start.x + t * (end.x - start.x)
                if across > low && across < high { return true }
            }
        }
        return false
    }

    private static let invisible = "invis".utf8.map { CChar(bitPattern: $0) }

    /// Whether `object`'s `style` names `invis`, read in place: it is asked of every node and
    /// edge of every drawing, where a `String` of each style and a substring search cost more
    /// than the repair they serve.
    static func isInvisible(_ object: UnsafeMutableRawPointer?) -> Bool {
        guard let style = fsmviz_get(object, "style") else { return false }
        var start = 0
        while style[start] != 0 {
            if invisible.indices.allSatisfy({ style[start + $0] == invisible[$0] }) { return true }
            start += 1
        }
        return false
    }

    static func text(_ object: UnsafeMutableRawPointer?, _ name: String) -> String? {
        fsmviz_get(object, name).map { String(cString: $0) }
    }
}
