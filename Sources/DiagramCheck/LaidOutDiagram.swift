import Foundation

/// The geometry of a diagram as Graphviz laid it out, read from its `json` output: every node's
/// box, every cluster's box, every edge's splines and every label's box, each with the DOT
/// attributes of the element it came from (`id`, `class` and fsmviz's `fsmviz_*` ones).
public struct LaidOutDiagram: Sendable {
    /// A laid-out node.
    public struct Node: Sendable {
        /// The node's DOT name.
        public var name: String
        /// Its bounding box (`pos`, `width`, `height`).
        public var box: DiagramBox
        /// The box of its label's lines of text, when it has text.
        public var text: DiagramBox?
        /// Its `xlabel`'s box, when it has one.
        public var externalLabel: DiagramBox?
        /// Its DOT attributes.
        public var attributes: [String: String]
    }

    /// A laid-out cluster.
    public struct Cluster: Sendable {
        /// The subgraph's DOT name (`cluster_…`).
        public var name: String
        /// Its box (`bb`).
        public var box: DiagramBox
        /// The positions in ``LaidOutDiagram/nodes`` of the nodes inside it, at any depth.
        public var nodes: [Int]
        /// Its DOT attributes.
        public var attributes: [String: String]
    }

    /// Where an edge's text sits.
    public enum LabelPlacement: String, Hashable, Sendable {
        /// `label`, at `lp`.
        case label
        /// `xlabel`, at `xlp`.
        case external
        /// `headlabel`, at `head_lp`.
        case head
        /// `taillabel`, at `tail_lp`.
        case tail
    }

    /// The text of an edge, where Graphviz put it.
    public struct Label: Hashable, Sendable {
        /// Which of the edge's texts it is.
        public var placement: LabelPlacement
        /// The box of its lines of text.
        public var box: DiagramBox
    }

    /// A laid-out edge.
    public struct Edge: Sendable {
        /// The position of its tail node in ``LaidOutDiagram/nodes``; `nil` in a drawing read
        /// from the neutral drawing format (``LaidOutDiagram/init(drawingJSON:)``), whose edges
        /// name states, not nodes.
        public var tail: Int?
        /// The position of its head node in ``LaidOutDiagram/nodes``; `nil` as ``tail``.
        public var head: Int?
        /// Its curves, usually one (`pos`).
        public var splines: [DiagramSpline]
        /// The boxes of its texts.
        public var labels: [Label]
        /// Its DOT attributes.
        public var attributes: [String: String]

        /// Whether the edge is drawn at all (`style=invis` is not).
        public var isVisible: Bool { !(attributes["style"] ?? "").contains("invis") }
    }

    /// The whole drawing's box (`bb`).
    public var boundingBox: DiagramBox
    /// The nodes, in Graphviz's order.
    public var nodes: [Node]
    /// The clusters, in Graphviz's order (which need not be the DOT's).
    public var clusters: [Cluster]
    /// The edges, in Graphviz's order.
    public var edges: [Edge]

    /// Reads the output of Graphviz's `json` device.
    /// - Throws: ``DiagramCheckError/invalidLayout(reason:)`` when it is not a laid-out graph.
    public init(graphvizJSON bytes: [UInt8]) throws(DiagramCheckError) {
        let document: GraphvizJSON
        do {
            document = try JSONDecoder().decode(GraphvizJSON.self, from: Data(bytes))
        } catch {
            throw .invalidLayout(reason: "\(error)")
        }
        guard let bounds = document.attributes["bb"].flatMap(Self.box(bb:)) else {
            throw .invalidLayout(reason: "the graph has no bounding box; was it laid out?")
        }
        boundingBox = bounds
        // Objects are subgraphs, then nodes, each at the index of its `_gvid`, which edges
        // and subgraphs use to name nodes.
        var nodeIndex: [Int: Int] = [:]
        nodes = []
        for (position, object) in document.objects.enumerated() where position >= document.subgraphCount {
            guard let pos = object.attributes["pos"].flatMap(Self.point),
                let width = object.attributes["width"].flatMap(Double.init),
                let height = object.attributes["height"].flatMap(Double.init)
            else { throw .invalidLayout(reason: "node '\(object.attributes["name"] ?? "?")' has no position") }
            nodeIndex[object.gvid ?? position] = nodes.count
            let externalAnchor = object.attributes["xlp"].flatMap(Self.point)
            let anchors = [pos] + (externalAnchor.map { [$0] } ?? [])
            let text = Self.textBox(of: object.labelOperations, near: pos, among: anchors)
            let external = externalAnchor.flatMap { Self.textBox(of: object.labelOperations, near: $0, among: anchors) }
            nodes.append(
                Node(
                    name: object.attributes["name"] ?? "", box: DiagramBox(center: pos, width: width * 72, height: height * 72),
                    text: text, externalLabel: external, attributes: object.attributes))
        }
        clusters = document.objects.prefix(document.subgraphCount).compactMap { object in
            guard let name = object.attributes["name"], name.hasPrefix("cluster"),
                let box = object.attributes["bb"].flatMap(Self.box(bb:))
            else { return nil }
            return Cluster(name: name, box: box, nodes: object.nodes.compactMap { nodeIndex[$0] }, attributes: object.attributes)
        }
        edges = []
        for object in document.edges {
            guard let tail = object.tail.flatMap({ nodeIndex[$0] }), let head = object.head.flatMap({ nodeIndex[$0] }) else {
                throw .invalidLayout(reason: "an edge names a node that is not in the graph")
            }
            let splines = (object.attributes["pos"] ?? "").split(separator: ";").compactMap(DiagramSpline.init(graphviz:))
            var labels: [Label] = []
            let anchors = [("lp", LabelPlacement.label), ("xlp", .external)].compactMap { key, placement in
                object.attributes[key].flatMap(Self.point).map { (placement, $0) }
            }
            for (placement, anchor) in anchors {
                if let box = Self.textBox(of: object.labelOperations, near: anchor, among: anchors.map(\.1)) {
                    labels.append(Label(placement: placement, box: box))
                }
            }
            if let anchor = object.attributes["head_lp"].flatMap(Self.point),
                let box = Self.textBox(of: object.headLabelOperations, near: anchor, among: [anchor])
            {
                labels.append(Label(placement: .head, box: box))
            }
            if let anchor = object.attributes["tail_lp"].flatMap(Self.point),
                let box = Self.textBox(of: object.tailLabelOperations, near: anchor, among: [anchor])
            {
                labels.append(Label(placement: .tail, box: box))
            }
            edges.append(Edge(tail: tail, head: head, splines: splines, labels: labels, attributes: object.attributes))
        }
    }

    /// The box of the text lines drawn for the label at `anchor`: the lines whose baseline
    /// lies nearer to it than to any other of `anchors` (a node's own label and its
    /// `xlabel`, an edge's `label` and `xlabel`, share one list of operations).
    private static func textBox(
        of operations: [GraphvizJSON.DrawOperation], near anchor: DiagramPoint, among anchors: [DiagramPoint]
    ) -> DiagramBox? {
        var fontSize = 14.0
        var box: DiagramBox?
        for operation in operations {
            if operation.op == "F", let size = operation.size { fontSize = size }
            guard operation.op == "T", let pt = operation.pt, pt.count == 2, let width = operation.width else { continue }
            let baseline = DiagramPoint(x: pt[0], y: pt[1])
            let nearest = anchors.min { $0.distance(to: baseline) < $1.distance(to: baseline) }
            guard nearest == anchor else { continue }
            let alignment: DiagramBox.TextAlignment =
                switch operation.align {
                case "l": .left
                case "r": .right
                default: .centre
                }
            let line = DiagramBox(textAt: baseline, width: width, fontSize: fontSize, alignment: alignment)
            box = box.map { $0.union(line) } ?? line
        }
        return box
    }

    private static func point(_ text: String) -> DiagramPoint? {
        let numbers = text.split(separator: ",").compactMap { Double($0) }
        guard numbers.count >= 2 else { return nil }
        return DiagramPoint(x: numbers[0], y: numbers[1])
    }

    private static func box(bb text: String) -> DiagramBox? {
        let numbers = text.split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        return DiagramBox(minX: numbers[0], minY: numbers[1], maxX: numbers[2], maxY: numbers[3])
    }
}
