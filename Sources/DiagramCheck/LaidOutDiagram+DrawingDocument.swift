internal import FSMCore
internal import FSMDOT

extension LaidOutDiagram {
    /// Reads a drawing in the neutral drawing format (docs/diagrams.md) as Graphviz would have
    /// laid it out for fsmviz: a compound state as a cluster, any other state or start marker as
    /// a node, each transition's edges and label marked with the attributes fsmviz's DOT
    /// carries, so that every check reads it as it reads fsmviz's own drawing.
    /// - Throws: ``DiagramCheckError/invalidDrawing(reason:)`` naming the field at fault.
    public init(drawingJSON bytes: [UInt8]) throws(DiagramCheckError) {
        let document = try DrawingDocument.read(bytes)
        guard document.width > 0, document.height > 0 else {
            throw .invalidDrawing(reason: "width, height: the canvas must have a positive size")
        }
        let flip = Flip(height: document.height)
        boundingBox = DiagramBox(minX: 0, minY: 0, maxX: document.width, maxY: document.height)
        (nodes, clusters) = try Self.states(of: document, flip)
        edges = try document.edges.enumerated().map { position, edge throws(DiagramCheckError) in
            try Self.edge(edge, at: position, flip)
        }
        for (position, label) in document.labels.enumerated() {
            if let node = try Self.label(label, at: position, flip) { nodes.append(node) }
        }
    }

    /// Turns the document's coordinates (`y` growing downwards, as in SVG) into Graphviz's.
    private struct Flip {
        let height: Double

        func point(_ numbers: [Double], _ field: String) throws(DiagramCheckError) -> DiagramPoint {
            guard numbers.count == 2 else { throw .invalidDrawing(reason: "\(field): a point is [x, y]") }
            return DiagramPoint(x: numbers[0], y: height - numbers[1])
        }

        func box(_ numbers: [Double], _ field: String) throws(DiagramCheckError) -> DiagramBox {
            guard numbers.count == 4 else { throw .invalidDrawing(reason: "\(field): a box is [minX, minY, maxX, maxY]") }
            return DiagramBox(minX: numbers[0], minY: height - numbers[3], maxX: numbers[2], maxY: height - numbers[1])
        }
    }

    /// The states' nodes and clusters; a cluster holds the nodes of the states drawn inside it,
    /// at any depth.
    private static func states(
        of document: DrawingDocument, _ flip: Flip
    ) throws(DiagramCheckError) -> (nodes: [Node], clusters: [Cluster]) {
        var nodes: [Node] = []
        var clusters: [Cluster] = []
        var clusterOfState: [String: Int] = [:]
        var nodeOfState: [(state: String, node: Int)] = []
        for (position, state) in document.states.enumerated() {
            var attributes = ["fsmviz_state": DiagramElementID.state(StateID(state.id))]
            if let listed = state.listed, !listed.isEmpty { attributes["fsmviz_internal"] = numbers(listed) }
            let outline = try flip.box(state.box, "states[\(position)].box")
            if state.compound == true {
                clusterOfState[state.id] = clusters.count
                clusters.append(Cluster(name: "cluster_\(position)", box: outline, nodes: [], attributes: attributes))
            } else {
                if state.start == true { attributes["class"] = "start" }
                nodeOfState.append((state.id, nodes.count))
                nodes.append(Node(name: state.id, box: outline, text: nil, externalLabel: nil, attributes: attributes))
            }
        }
        let parents = Dictionary(document.states.map { ($0.id, $0.parent) }, uniquingKeysWith: { first, _ in first })
        for (state, node) in nodeOfState {
            var seen: Set<String> = [state]
            var ancestor = parents[state] ?? nil
            // A parent named twice over (a cycle) is followed once.
            while let current = ancestor, seen.insert(current).inserted {
                if let cluster = clusterOfState[current] { clusters[cluster].nodes.append(node) }
                ancestor = parents[current] ?? nil
            }
        }
        return (nodes, clusters)
    }

    private static func edge(_ edge: DrawingDocument.Edge, at position: Int, _ flip: Flip) throws(DiagramCheckError) -> Edge {
        var attributes = ["id": edge.id ?? "edge-\(position)", "fsmviz_part": edge.part ?? "whole"]
        if !edge.transitions.isEmpty { attributes["fsmviz_transition"] = numbers(edge.transitions) }
        if let target = edge.target { attributes["fsmviz_target"] = DiagramElementID.state(StateID(target)) }
        var splines: [DiagramSpline] = []
        for (number, path) in edge.paths.enumerated() {
            let field = "edges[\(position)].paths[\(number)]"
            var points: [DiagramPoint] = []
            for (k, numbers) in path.points.enumerated() { points.append(try flip.point(numbers, "\(field).points[\(k)]")) }
            let tip = try path.arrow.map { numbers throws(DiagramCheckError) in try flip.point(numbers, "\(field).arrow") }
            let controlPoints = try Self.controlPoints(of: points, curve: path.curve, field: field)
            if let spline = DiagramSpline(controlPoints: controlPoints, headArrowTip: tip) { splines.append(spline) }
        }
        return Edge(tail: nil, head: nil, splines: splines, labels: [], attributes: attributes)
    }

    /// A label node (`fsmviz_part=label`) whose text box holds the label's lines and shapes.
    private static func label(_ label: DrawingDocument.Label, at position: Int, _ flip: Flip) throws(DiagramCheckError) -> Node? {
        var pieces: [DiagramBox] = []
        for (number, line) in label.texts.enumerated() {
            let baseline = try flip.point([line.x, line.y], "labels[\(position)].texts[\(number)]")
            let alignment: DiagramBox.TextAlignment =
                switch line.anchor {
                case "middle": .centre
                case "end": .right
                default: .left
                }
            pieces.append(DiagramBox(textAt: baseline, width: line.width, fontSize: line.size, alignment: alignment))
        }
        for (number, numbers) in (label.boxes ?? []).enumerated() {
            pieces.append(try flip.box(numbers, "labels[\(position)].boxes[\(number)]"))
        }
        guard let first = pieces.first else { return nil }
        let whole = pieces.dropFirst().reduce(first) { $0.union($1) }
        return Node(
            name: "label-\(position)", box: whole, text: whole, externalLabel: nil,
            attributes: ["fsmviz_part": "label", "id": "label-\(position)", "fsmviz_transition": numbers(label.transitions)])
    }

    private static func numbers(_ list: [Int]) -> String { list.map(String.init).joined(separator: " ") }

    /// A path's points as Bézier control points: a polyline's segments become straight cubic
    /// segments (control points a third and two thirds along), which sample to the same line.
    private static func controlPoints(
        of points: [DiagramPoint], curve: String, field: String
    ) throws(DiagramCheckError) -> [DiagramPoint] {
        switch curve {
        case "bezier":
            guard points.count % 3 == 1 else {
                throw .invalidDrawing(reason: "\(field).points: a Bézier path has a start point and 3 per segment")
            }
            return points
        case "polyline":
            guard let first = points.first else { throw .invalidDrawing(reason: "\(field).points: empty") }
            var result = [first]
            for (start, end) in zip(points, points.dropFirst()) {
                let (dx, dy) = (end.x - start.x, end.y - start.y)
                result += [
                    DiagramPoint(x: start.x + dx / 3, y: start.y + dy / 3),
                    DiagramPoint(x: start.x + 2 * dx / 3, y: start.y + 2 * dy / 3), end,
                ]
            }
            return result
        default:
            throw .invalidDrawing(reason: "\(field).curve: '\(curve)' is neither 'bezier' nor 'polyline'")
        }
    }
}
