import DiagramCheck
import FSMCore
import Foundation
import Testing

/// Drawings in the neutral drawing format, written by hand so every number is known: each
/// criterion seen firing on a drawing made wrong in one way and silent on the same drawing made
/// right.
@Suite struct DrawingDocumentTests {
    /// A → B (transition 0, `go`), B → A (transition 1, `back`), and compound state C around c,
    /// unrelated to both.
    static func machine() throws -> Machine {
        try Machine(
            name: "Neutral",
            states: [State("A", kind: .initial), State("B"), State("C"), State("c", kind: .initial, parent: "C")],
            transitions: [Transition(from: "A", on: "go", to: "B"), Transition(from: "B", on: "back", to: "A")])
    }

    /// On a 300 × 200 canvas (`y` downwards): A at x 10–50 and B at x 250–290, both at y 70–110;
    /// `go` straight along y 90 from A to `goEnd`; `back` over the top, along y 20, with its
    /// label's one line at `backLabel` (its baseline's left end); C at x 100–200 and y `compoundY`.
    static func document(
        goEnd: String = "[250, 90]", backLabel: (x: Int, y: Int) = (130, 16), compoundY: ClosedRange<Int> = 130...190
    ) -> [UInt8] {
        Array(
            """
            {"width": 300, "height": 200,
             "states": [
              {"id": "A", "box": [10, 70, 50, 110]},
              {"id": "B", "box": [250, 70, 290, 110]},
              {"id": "C", "box": [100, \(compoundY.lowerBound), 200, \(compoundY.upperBound)], "compound": true},
              {"id": "c", "box": [130, \(compoundY.lowerBound + 10), 170, \(compoundY.upperBound - 10)], "parent": "C"}
             ],
             "edges": [
              {"id": "go", "transitions": [0], "target": "B",
               "paths": [{"curve": "polyline", "points": [[50, 90], [150, 90], \(goEnd)]}]},
              {"id": "back", "transitions": [1], "part": "whole", "target": "A",
               "paths": [{"curve": "bezier", "points": [[270, 70], [270, 40], [270, 20], [200, 20], [100, 20], [30, 20], [30, 66]],
                          "arrow": [30, 70]}]}
             ],
             "labels": [
              {"transitions": [0], "texts": [{"x": 140, "y": 86, "width": 20, "size": 10, "anchor": "start"}]},
              {"transitions": [1], "texts": [{"x": \(backLabel.x), "y": \(backLabel.y), "width": 40, "size": 10}]}
             ]}
            """.utf8)
    }

    static func check(_ document: [UInt8]) throws -> DiagramReport {
        try DiagramChecker().check(try machine(), drawingDocument: document)
    }

    @Test func aDrawingMadeRightHasNoFinding() throws {
        let report = try Self.check(Self.document())
        #expect(report.findings.map(\.message) == [])
        #expect(report.labelCount == 2)
    }

    @Test func anEdgeEndingOffItsTargetIsOnTheWrongState() throws {
        let report = try Self.check(Self.document(goEnd: "[200, 90]"))
        #expect(report.findings(.wrongState).map(\.transitions) == [[0]])
        #expect(report.findings(.wrongState).first?.message.contains("50 pt off 'B'") == true)
    }

    @Test func aLabelAcrossAnotherTransitionsEdgeIsCrossed() throws {
        let report = try Self.check(Self.document(backLabel: (150, 94)))
        #expect(report.findings(.crossedLabel).map(\.transitions) == [[1, 0]])
        #expect(report.findings(.overlappingLabels).count == 1)
        #expect(report.findings(.detachedLabel).count == 1)
    }

    @Test func anEdgeThroughAnUnrelatedCompoundIsFound() throws {
        let report = try Self.check(Self.document(compoundY: 60...120))
        #expect(report.findings(.unrelatedCompound).map(\.transitions) == [[0]])
        #expect(report.findings(.unrelatedCompound).first?.states == ["C"])
    }

    /// The document's `y` grows downwards; Graphviz's, which the checks read, upwards. A text's
    /// box follows the one rule for every drawing: 0.9 em above its baseline, 0.3 em below.
    @Test func coordinatesAreTurnedToGraphvizs() throws {
        let drawing = try LaidOutDiagram(drawingJSON: Self.document())
        #expect(drawing.boundingBox == DiagramBox(minX: 0, minY: 0, maxX: 300, maxY: 200))
        #expect(drawing.nodes.first?.box == DiagramBox(minX: 10, minY: 90, maxX: 50, maxY: 130))
        #expect(drawing.clusters.first?.box == DiagramBox(minX: 100, minY: 10, maxX: 200, maxY: 70))
        #expect(drawing.clusters.first?.nodes == [2])
        let label = drawing.nodes.first { $0.attributes["fsmviz_transition"] == "0" && $0.attributes["fsmviz_part"] == "label" }
        #expect(label?.text == DiagramBox(minX: 140, minY: 111, maxX: 160, maxY: 123))
        #expect(drawing.edges.last?.splines.first?.end == DiagramPoint(x: 30, y: 130))
    }

    @Test func aDocumentThatIsNotADrawingNamesTheFieldAtFault() throws {
        let missing = Array(#"{"width": 10, "height": 10, "states": [{"id": "A"}], "edges": [], "labels": []}"#.utf8)
        #expect(throws: DiagramCheckError.invalidDrawing(reason: "states[0].box: missing")) {
            try LaidOutDiagram(drawingJSON: missing)
        }
        let short = Array(#"{"width": 10, "height": 10, "states": [{"id": "A", "box": [1, 2]}], "edges": [], "labels": []}"#.utf8)
        #expect(throws: DiagramCheckError.invalidDrawing(reason: "states[0].box: a box is [minX, minY, maxX, maxY]")) {
            try LaidOutDiagram(drawingJSON: short)
        }
        let curve = Array(
            #"{"width": 10, "height": 10, "states": [], "edges": [{"transitions": [], "paths": [{"curve": "arc", "points": []}]}], "labels": []}"#
                .utf8)
        #expect(throws: DiagramCheckError.invalidDrawing(reason: "edges[0].paths[0].curve: 'arc' is neither 'bezier' nor 'polyline'")) {
            try LaidOutDiagram(drawingJSON: curve)
        }
    }
}
