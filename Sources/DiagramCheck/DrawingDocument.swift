import Foundation

/// A drawing of a machine described in fsmviz's neutral drawing format: what any tool's
/// drawing shows, mapped back to the machine by whoever wrote the document, so that
/// ``DiagramChecker`` can judge a drawing it did not lay out (PlantUML's, read from its SVG by
/// `scripts/lib/plantuml_drawing.py`) by the criteria it applies to fsmviz's own.
///
/// Coordinates are in points as the drawing's SVG writes them, `y` growing downwards from the
/// top-left corner; reading turns them into Graphviz's (`y` growing upwards). A box is
/// `[minX, minY, maxX, maxY]`, a point `[x, y]`:
///
/// ```json
/// {
///   "width": 300, "height": 200,
///   "states": [
///     {"id": "Start", "box": [10, 10, 30, 30], "start": true},
///     {"id": "Busy", "box": [100, 60, 280, 190], "compound": true, "listed": [3]},
///     {"id": "Working", "box": [120, 100, 200, 140], "parent": "Busy"}
///   ],
///   "edges": [
///     {"id": "Start->Working", "transitions": [0], "part": "whole", "target": "Working",
///      "paths": [{"curve": "bezier", "points": [[20, 30], [20, 60], [140, 70], [150, 96]],
///                 "arrow": [152, 100]}]}
///   ],
///   "labels": [
///     {"transitions": [0], "texts": [{"x": 60, "y": 60, "width": 20, "size": 13}], "boxes": []}
///   ]
/// }
/// ```
///
/// - `states`: every state drawn, by machine id. `compound` when its box is drawn around its
///   children (a cluster), `start` for a start marker (an initial pseudo-state), `parent` the
///   state it is drawn inside, `listed` the transitions whose text is listed inside its box.
/// - `edges`: every drawn edge. `transitions` it draws (none for an arrow that draws no
///   transition); `part`: `whole` (source to target, the default), `source` (leaves the source
///   for a junction), `target` (from a junction into `target`) or `inner`; `target` the state
///   it enters; `paths` its curves, `bezier` (a start point and three control points per
///   segment, as SVG's `C`) or `polyline`, with the `arrow`'s tip when it has one.
/// - `labels`: the text of each transition: its lines (`x`, baseline `y`, `width`, font `size`,
///   `anchor` `start`, `middle` or `end` as SVG's `text-anchor`) and the `boxes` of shapes
///   drawn as part of it (a note).
struct DrawingDocument: Decodable {
    var width: Double
    var height: Double
    var states: [State]
    var edges: [Edge]
    var labels: [Label]

    /// A drawn state.
    struct State: Decodable {
        var id: String
        var box: [Double]
        var compound: Bool?
        var start: Bool?
        var parent: String?
        var listed: [Int]?
    }

    /// A drawn edge.
    struct Edge: Decodable {
        var id: String?
        var transitions: [Int]
        var part: String?
        var target: String?
        var paths: [Path]
    }

    /// One curve of an edge.
    struct Path: Decodable {
        var curve: String
        var points: [[Double]]
        var arrow: [Double]?
    }

    /// A transition's text.
    struct Label: Decodable {
        var transitions: [Int]
        var texts: [TextLine]
        var boxes: [[Double]]?
    }

    /// One line of text, placed as SVG places it.
    struct TextLine: Decodable {
        var x: Double
        var y: Double
        var width: Double
        var size: Double
        var anchor: String?
    }

    /// Reads a document, naming the field at fault when it is not one.
    static func read(_ bytes: [UInt8]) throws(DiagramCheckError) -> DrawingDocument {
        do {
            return try JSONDecoder().decode(DrawingDocument.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, context) {
            throw .invalidDrawing(reason: "\(Self.place(context.codingPath + [key])): missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .invalidDrawing(reason: "\(Self.place(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalidDrawing(reason: "\(Self.place(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw .invalidDrawing(reason: "\(error)")
        }
    }

    /// `states[2].box`, or `the document` at the top.
    static func place(_ path: [any CodingKey]) -> String {
        let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
        return trimmed.isEmpty ? "the document" : trimmed
    }
}
