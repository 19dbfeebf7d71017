import DiagramCheck
import FSMCore
import Testing

/// Reading Graphviz's `json` output, on documents written by hand so every number is known:
/// spline ends with arrowheads, edge `label` and `xlabel` boxes, and a label placed 40 pt from
/// its edge, which is what Graphviz did with labels of edges clipped at a cluster's border.
@Suite struct GeometryTests {
    /// A at (0, 0) and B at (0, -100), 54 × 36 pt; one edge from A to B with an arrowhead,
    /// `label` "go" at `lp` and `xlabel` "x" at `xlp`.
    static func json(lp: String, xlp: String = "-10,-50") -> [UInt8] {
        let text = """
            {
              "name": "G", "bb": "-40,-130,80,30", "_subgraph_cnt": 0,
              "objects": [
                {"_gvid": 0, "name": "A", "pos": "0,0", "width": "0.75", "height": "0.5", "fsmviz_state": "state-A"},
                {"_gvid": 1, "name": "B", "pos": "0,-100", "width": "0.75", "height": "0.5", "fsmviz_state": "state-B"}
              ],
              "edges": [
                {"_gvid": 0, "tail": 0, "head": 1, "pos": "e,0,-82 0,-18 0,-40 0,-60 0,-72",
                 "lp": "\(lp)", "xlp": "\(xlp)", "label": "go", "xlabel": "x",
                 "fsmviz_transition": "0", "fsmviz_part": "whole", "fsmviz_target": "state-B",
                 "_ldraw_": [
                   {"op": "F", "size": 10.0, "face": "Helvetica"},
                   {"op": "T", "pt": [\(Self.baseline(lp))], "align": "c", "width": 12.0, "text": "go"},
                   {"op": "T", "pt": [\(Self.baseline(xlp))], "align": "c", "width": 6.0, "text": "x"}
                 ]}
              ]
            }
            """
        return Array(text.utf8)
    }

    /// Where Graphviz writes the baseline of one 10 pt line centred on `center`.
    static func baseline(_ center: String) -> String {
        let numbers = center.split(separator: ",").compactMap { Double($0) }
        return "\(numbers[0]), \(numbers[1] - 3)"
    }

    static func machine() throws -> Machine {
        try Machine(
            states: [State("A", kind: .initial), State("B")], transitions: [Transition(from: "A", on: "go", to: "B")])
    }

    @Test func splinesEndAtTheirArrowheads() throws {
        let drawing = try LaidOutDiagram(graphvizJSON: Self.json(lp: "10,-50"))
        let spline = try #require(drawing.edges.first?.splines.first)
        #expect(spline.start == DiagramPoint(x: 0, y: -18))
        #expect(spline.end == DiagramPoint(x: 0, y: -82))
        #expect(spline.polyline().count == 1 + 16 + 1)
        #expect(
            drawing.nodes.map(\.box) == [
                DiagramBox(minX: -27, minY: -18, maxX: 27, maxY: 18), DiagramBox(minX: -27, minY: -118, maxX: 27, maxY: -82),
            ])
    }

    @Test func edgeLabelsAndExternalLabelsAreBoxedSeparately() throws {
        let drawing = try LaidOutDiagram(graphvizJSON: Self.json(lp: "10,-50"))
        let labels = try #require(drawing.edges.first?.labels)
        #expect(labels.map(\.placement) == [.label, .external])
        #expect(labels.map(\.box.width) == [12, 6])
        #expect(labels.allSatisfy { abs($0.box.height - 12) < 0.001 })
        #expect(abs(labels[0].box.center.x - 10) < 0.001)
    }

    @Test func aLabelNearItsEdgeIsClean() throws {
        let report = DiagramChecker().check(try Self.machine(), drawing: try LaidOutDiagram(graphvizJSON: Self.json(lp: "10,-50")))
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(report.labelCount == 2)
    }

    @Test func anEdgeLabelFortyPointsAwayIsDetached() throws {
        let report = DiagramChecker().check(try Self.machine(), drawing: try LaidOutDiagram(graphvizJSON: Self.json(lp: "46,-50")))
        let detached = report.findings(.detachedLabel)
        #expect(detached.count == 1, "\(report.text)")
        #expect(detached.first?.message.contains("40 pt from its edge") == true, "\(report.text)")
    }

    @Test func anXLabelFarFromItsEdgeIsDetached() throws {
        let report = DiagramChecker().check(
            try Self.machine(), drawing: try LaidOutDiagram(graphvizJSON: Self.json(lp: "10,-50", xlp: "-60,-50")))
        #expect(report.findings(.detachedLabel).first?.message.contains("the external of edge") == true, "\(report.text)")
    }

    @Test func aDocumentThatIsNotALayoutIsRefused() {
        #expect(throws: DiagramCheckError.self) { try LaidOutDiagram(graphvizJSON: Array("{\"name\": \"G\"}".utf8)) }
        #expect(throws: DiagramCheckError.self) { try LaidOutDiagram(graphvizJSON: Array("not json".utf8)) }
    }
}
