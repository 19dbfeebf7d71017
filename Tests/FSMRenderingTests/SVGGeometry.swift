import Foundation

/// The geometry of an SVG that fsmviz rendered: each group's id, classes, `data-` attributes,
/// the bounding box of what it draws and, for edges, where the line starts and where its
/// arrow points. Read from the SVG itself, so tests judge what a reader sees.
struct SVGGeometry {
    struct Box {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        /// How far `point` is from the box's outline, inside or out.
        func distanceToOutline(_ point: (x: Double, y: Double)) -> Double {
            let dx = max(minX - point.x, 0, point.x - maxX)
            let dy = max(minY - point.y, 0, point.y - maxY)
            if dx > 0 || dy > 0 { return (dx * dx + dy * dy).squareRoot() }
            return min(point.x - minX, maxX - point.x, point.y - minY, maxY - point.y)
        }
    }

    struct Group {
        var id: String
        var classes: [String]
        /// `data-` attributes, without the prefix.
        var data: [String: String]
        var box: Box?
        /// For edges: the first point of the line.
        var start: (x: Double, y: Double)?
        /// For edges with an arrowhead: its tip.
        var tip: (x: Double, y: Double)?
    }

    var groups: [Group] = []

    init(_ bytes: [UInt8]) throws {
        let root = try SVGStructure.tree(bytes)
        visit(root)
    }

    func group(_ id: String) -> Group? { groups.first { $0.id == id } }

    private mutating func visit(_ element: SVGStructure.Element) {
        if element.name == "g", let id = element.attributes["id"], let classes = element.attributes["class"] {
            var group = Group(
                id: id, classes: classes.split(separator: " ").map(String.init),
                data: Dictionary(
                    uniqueKeysWithValues: element.attributes.filter { $0.key.hasPrefix("data-") }
                        .map { (String($0.key.dropFirst(5)), $0.value) }))
            var points: [(x: Double, y: Double)] = []
            var lineEnd: (x: Double, y: Double)?
            var arrow: [(x: Double, y: Double)] = []
            for shape in element.drawn {
                switch shape.name {
                case "path":
                    let path = Self.numbers(shape.attributes["d"] ?? "")
                    if group.classes.first == "edge" {
                        group.start = group.start ?? path.first
                        lineEnd = path.last
                    }
                    points += path
                case "polygon":
                    let polygon = Self.numbers(shape.attributes["points"] ?? "")
                    if group.classes.first == "edge" { arrow += polygon } else { points += polygon }
                case "ellipse":
                    if let cx = Double(shape.attributes["cx"] ?? ""), let cy = Double(shape.attributes["cy"] ?? ""),
                        let rx = Double(shape.attributes["rx"] ?? ""), let ry = Double(shape.attributes["ry"] ?? "")
                    {
                        points += [(cx - rx, cy - ry), (cx + rx, cy + ry)]
                    }
                default:
                    break
                }
            }
            if let lineEnd, !arrow.isEmpty {
                group.tip = arrow.max { Self.distance($0, lineEnd) < Self.distance($1, lineEnd) }
            }
            if !points.isEmpty {
                group.box = Box(
                    minX: points.map(\.x).min() ?? 0, minY: points.map(\.y).min() ?? 0,
                    maxX: points.map(\.x).max() ?? 0, maxY: points.map(\.y).max() ?? 0)
            }
            groups.append(group)
        }
        for child in element.children { visit(child) }
    }

    static func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The coordinate pairs in a path's `d` or a polygon's `points`, whatever the commands.
    private static func numbers(_ text: String) -> [(x: Double, y: Double)] {
        let values = text.split { !("0"..."9").contains($0) && $0 != "." && $0 != "-" && $0 != "e" }.compactMap { Double($0) }
        return stride(from: 0, to: values.count - 1, by: 2).map { (values[$0], values[$0 + 1]) }
    }
}
