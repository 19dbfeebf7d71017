import Foundation

/// One object of Graphviz's `json` output (the graph, a subgraph, a node or an edge): its
/// string attributes as written in the DOT or set by the layout, plus the structural fields.
///
/// Decoded by hand because Graphviz mixes strings, numbers and arrays under keys it does not
/// fix in advance: every DOT attribute, custom ones included, comes back as a string key.
struct GraphvizJSON: Decodable {
    var attributes: [String: String] = [:]
    var gvid: Int?
    var tail: Int?
    var head: Int?
    var subgraphCount = 0
    /// Subgraphs, then nodes, each at the index of its `_gvid` (the top-level graph only).
    var objects: [GraphvizJSON] = []
    /// The edges (the top-level graph only; a subgraph lists numbers, not kept).
    var edges: [GraphvizJSON] = []
    /// A subgraph's nodes, by `_gvid`.
    var nodes: [Int] = []
    var labelOperations: [DrawOperation] = []
    var headLabelOperations: [DrawOperation] = []
    var tailLabelOperations: [DrawOperation] = []

    /// One xdot drawing operation; only text (`T`) and font (`F`) operations are read.
    struct DrawOperation: Decodable {
        var op: String
        var pt: [Double]?
        var width: Double?
        var size: Double?
        var align: String?
        var text: String?
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys {
            switch key.stringValue {
            case "_gvid": gvid = try container.decode(Int.self, forKey: key)
            case "tail": tail = try container.decode(Int.self, forKey: key)
            case "head": head = try container.decode(Int.self, forKey: key)
            case "_subgraph_cnt": subgraphCount = try container.decode(Int.self, forKey: key)
            case "objects": objects = try container.decode([GraphvizJSON].self, forKey: key)
            case "edges": edges = (try? container.decode([GraphvizJSON].self, forKey: key)) ?? []
            case "nodes": nodes = try container.decode([Int].self, forKey: key)
            case "_ldraw_": labelOperations = try container.decode([DrawOperation].self, forKey: key)
            case "_hldraw_": headLabelOperations = try container.decode([DrawOperation].self, forKey: key)
            case "_tldraw_": tailLabelOperations = try container.decode([DrawOperation].self, forKey: key)
            default:
                if let value = try? container.decode(String.self, forKey: key) { attributes[key.stringValue] = value }
            }
        }
    }
}
