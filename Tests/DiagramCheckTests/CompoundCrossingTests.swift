import DiagramCheck
import FSMCore
import Foundation
import TestSupport
import Testing

/// Edges through compound states that hold neither end, staircases of regions, sparse
/// drawings, detours and start points too close together, each seen on a drawing written as
/// Graphviz's JSON by hand (or pinned by `neato`), so the geometry is exact.
@Suite struct CompoundCrossingTests {
    /// A → B (transition 0), and compound state C around c, unrelated to both.
    static func machine() throws -> Machine {
        try Machine(
            name: "Bystander",
            states: [State("A", kind: .initial), State("B"), State("C"), State("c", kind: .initial, parent: "C")],
            transitions: [Transition(from: "A", on: "go", to: "B")])
    }

    /// A at (20, 50) and B at (280, 50), C's cluster over x 100–200 and y `clusterY`, and the
    /// edge A → B along `path` (straight along y = 50 by default).
    static func json(
        clusterY: ClosedRange<Int>, path: String = "38,50 100,50 200,50 255,50", extra: String = ""
    ) -> [UInt8] {
        let box = "100,\(clusterY.lowerBound),200,\(clusterY.upperBound)"
        let node = { (id: Int, name: String, x: Int, y: Int) in
            #"{"_gvid": \#(id), "name": "\#(name)", "pos": "\#(x),\#(y)", "width": "0.5", "height": "0.5", "fsmviz_state": "state-\#(name)"}"#
        }
        return Array(
            """
            {"name": "Bystander", "bb": "0,-200,300,200", "_subgraph_cnt": 1, "objects": [
              {"_gvid": 0, "name": "cluster_C", "bb": "\(box)", "fsmviz_state": "state-C", "nodes": [3]},
              \(node(1, "A", 20, 50)), \(node(2, "B", 280, 50)), \(node(3, "c", 150, (clusterY.lowerBound + clusterY.upperBound) / 2))\(extra)
            ], "edges": [
              {"_gvid": 0, "tail": 1, "head": 2, "pos": "e,262,50 \(path)", "fsmviz_transition": "0", "fsmviz_target": "state-B"}
            ]}
            """.utf8)
    }

    @Test func anEdgeThroughAnUnrelatedCompoundIsFound() throws {
        let report = DiagramChecker().check(try Self.machine(), drawing: try LaidOutDiagram(graphvizJSON: Self.json(clusterY: 0...100)))
        let findings = report.findings(.unrelatedCompound)
        #expect(findings.map(\.states) == [["C"]], "\(report.text)")
        #expect(findings.first?.message.contains("#0 A --go--> B runs through 'C'") == true, "\(report.text)")
    }

    @Test func anEdgeAroundACompoundIsClean() throws {
        let report = DiagramChecker().check(try Self.machine(), drawing: try LaidOutDiagram(graphvizJSON: Self.json(clusterY: 80...180)))
        #expect(report.findings(.unrelatedCompound).isEmpty, "\(report.text)")
    }

    @Test func anEdgeThroughItsOwnEndsAncestorIsClean() throws {
        // The same edge, but the compound state is now B's parent: it holds the target.
        let machine = try Machine(
            name: "Bystander",
            states: [State("A", kind: .initial), State("C"), State("c", kind: .initial, parent: "C"), State("B", parent: "C")],
            transitions: [Transition(from: "A", on: "go", to: "B")])
        let report = DiagramChecker().check(machine, drawing: try LaidOutDiagram(graphvizJSON: Self.json(clusterY: 0...100)))
        #expect(report.findings(.unrelatedCompound).isEmpty, "\(report.text)")
    }

    @Test func aSparseDrawingIsFoundOnlyWhenAsked() throws {
        // Three nodes of 36 × 36 pt in 300 × 400 pt: 3.2% of the drawing.
        let drawing = try LaidOutDiagram(graphvizJSON: Self.json(clusterY: 80...180))
        let measured = DiagramChecker().check(try Self.machine(), drawing: drawing)
        #expect(abs(measured.stateCoverage - 3 * 36 * 36 / (300.0 * 400)) < 0.001)
        #expect(measured.findings(.sparseDrawing).isEmpty)
        let strict = DiagramChecker(minimumStateCoverage: 0.05).check(try Self.machine(), drawing: drawing)
        #expect(strict.findings(.sparseDrawing).count == 1, "\(strict.text)")
    }

    @Test func aPathMuchLongerThanTheDistanceBetweenItsEndsIsADetour() throws {
        let straight = DiagramChecker().check(try Self.machine(), drawing: try LaidOutDiagram(graphvizJSON: Self.json(clusterY: 80...180)))
        #expect(straight.findings(.detour).isEmpty, "\(straight.text)")
        // Up to y = 500 and back down to B: about 4.5 times the 224 pt between the ends.
        let around = DiagramChecker().check(
            try Self.machine(),
            drawing: try LaidOutDiagram(graphvizJSON: Self.json(clusterY: 80...180, path: "38,50 38,650 255,650 255,50")))
        #expect(around.findings(.detour).map(\.transitions) == [[0]], "\(around.text)")
        // The measure says how far, for the straight path as much as for the one around.
        #expect(straight.longestDetour < 1.5, "\(straight.text)")
        #expect(around.longestDetour > 4 && around.longestDetour < 5, "\(around.text)")
        #expect(around.text.contains("longest detour 4."), "\(around.text)")
    }

    @Test(arguments: [(18, 1), (30, 0)])
    func startPointsCloseTogetherAreAmbiguous(apart: Int, findings: Int) throws {
        let start = { (id: Int, x: Int) in
            #", {"_gvid": \#(id), "name": "start\#(id)", "pos": "\#(x),-100", "width": "0.12", "height": "0.12", "class": "start", "id": "start-\#(id)"}"#
        }
        let drawing = try LaidOutDiagram(
            graphvizJSON: Self.json(clusterY: 80...180, extra: start(4, 20) + start(5, 20 + apart)))
        let report = DiagramChecker().check(try Self.machine(), drawing: drawing)
        #expect(report.findings(.ambiguousStart).count == findings, "\(report.text)")
        #expect(report.closestStarts == Double(apart), "\(report.text)")
        #expect(report.text.contains("starts \(apart) pt apart"), "\(report.text)")
    }

    /// Parallel state P with regions R1 (r1) and R2 (r2), as in `LayoutCheckTests`.
    @Test(arguments: [("1.5,-1.5", true), ("1.5,0", false), ("0,-1.5", false)])
    func regionsSteppingDiagonallyAreAStaircase(second: String, isStaircase: Bool) throws {
        // Pinned by neato, which draws no clusters: the regions are nodes.
        let dot = """
            digraph Regions {
                node [shape=box, width=1, height=1, fixedsize=true]
                R1 [pos="0,0!", fsmviz_state="state-R1"]
                R2 [pos="\(second)!", fsmviz_state="state-R2"]
            }
            """
        let report = try DiagramChecker().check(try LayoutCheckTests.parallel(), dot: dot, engine: "neato")
        #expect(report.findings(.regionsStaircase).count == (isStaircase ? 1 : 0), "\(report.text)")
        #expect(report.findings(.regionsOutOfOrder).isEmpty, "\(report.text)")
        #expect(report.parallelStateCount == 1 && report.regionsInOrderCount == (isStaircase ? 0 : 1), "\(report.text)")
    }

    @Test func theSummaryNamesTheWorstFileOfEachMeasure() throws {
        var straight = DiagramChecker().check(
            try Self.machine(), drawing: try LaidOutDiagram(graphvizJSON: Self.json(clusterY: 80...180)))
        straight.path = "straight.json"
        var around = DiagramChecker().check(
            try Self.machine(),
            drawing: try LaidOutDiagram(graphvizJSON: Self.json(clusterY: 80...180, path: "38,50 38,650 255,650 255,50")))
        around.path = "around.json"
        let summary = DiagramReport.summary(of: [straight, around])
        #expect(summary.contains("longest detour: 4."), "\(summary)")
        #expect(summary.contains("(around.json)"), "\(summary)")
        #expect(summary.contains("least state coverage: 3.2% (straight.json)"), "\(summary)")
        #expect(summary.contains("drawings under 3% coverage: 0"), "\(summary)")
        #expect(summary.contains("edges through unrelated compounds: 0"), "\(summary)")
    }

    /// Compound state C around c, drawn 100–220 × 0–100 with c at its right side, and C's
    /// transition to D leaving C's border at `start`.
    @Test(arguments: [("220,50", 1), ("150,100", 0)])
    func anEdgeLeavingACompoundBesideAChildIsCounted(start: String, count: Int) throws {
        let machine = try Machine(
            name: "Beside", states: [State("C", kind: .initial), State("c", kind: .initial, parent: "C"), State("D")],
            transitions: [Transition(from: "C", on: "leave", to: "D")])
        let json = """
            {"name": "Beside", "bb": "0,-20,320,120", "_subgraph_cnt": 1, "objects": [
              {"_gvid": 0, "name": "cluster_C", "bb": "100,0,220,100", "fsmviz_state": "state-C", "nodes": [1]},
              {"_gvid": 1, "name": "c", "pos": "195,50", "width": "0.5", "height": "0.5", "fsmviz_state": "state-c"},
              {"_gvid": 2, "name": "D", "pos": "300,50", "width": "0.5", "height": "0.5", "fsmviz_state": "state-D"}
            ], "edges": [
              {"_gvid": 0, "tail": 1, "head": 2, "pos": "e,282,50 \(start) 240,50 260,50 276,50", "fsmviz_transition": "0",
               "fsmviz_part": "whole", "fsmviz_target": "state-D"}
            ]}
            """
        let report = DiagramChecker().check(machine, drawing: try LaidOutDiagram(graphvizJSON: Array(json.utf8)))
        #expect(report.endsBesideChildren == count, "\(report.text)")
        #expect(report.text.contains("ends beside a child \(count)"), "\(report.text)")
    }
}

/// Drawn by the renderer: a compound state's own transitions leave its border away from its
/// children.
@Suite struct CompoundBorderEndTests {
    /// W3C's test252: `s0`'s three transitions, drawn from its child `s01` and clipped at its
    /// border, left it right below `s01` and seemed to leave `s01`.
    @Test func aCompoundStatesTransitionsLeaveItsBorderAwayFromItsChildren() throws {
        guard Golden.requireCorpus() else { return }
        let report = try DiagramChecker().check(file: Golden.corpusFile("w3c-irp/mandatory/test252.scxml").path)
        #expect(report.endsBesideChildren == 0, "\(report.text)")
        #expect(report.findings.isEmpty, "\(report.text)")
    }

    /// W3C's test413: the regions of the parallel state `s2p1` fill it to within 9 pt on three
    /// sides, so its transition to `fail` leaves from the fourth, round the regions.
    @Test func anEndWithNoRoomOnItsSideLeavesFromAnother() throws {
        guard Golden.requireCorpus() else { return }
        let report = try DiagramChecker().check(file: Golden.corpusFile("w3c-irp/mandatory/test413.scxml").path)
        #expect(report.endsBesideChildren == 0, "\(report.text)")
        #expect(report.findings.isEmpty, "\(report.text)")
    }

    /// A parallel state and a compound state with automatic transitions both ways: both ends
    /// of each edge are clipped at borders beside a child, and moving one end along its border
    /// once turned the other's arrowhead 73° and 107° away from its edge.
    @Test func movingBothEndsOfAnEdgeKeepsItsArrowheadInLine() throws {
        let machine = try Machine(
            states: [
                State("p", kind: .initial, isParallel: true), State("r1", parent: "p"), State("a1", kind: .initial, parent: "r1"),
                State("a2", parent: "r1"), State("r2", parent: "p"), State("b1", kind: .initial, parent: "r2"),
                State("b2", parent: "r2"), State("q"), State("q1", kind: .initial, parent: "q"), State("q2", parent: "q"),
            ],
            transitions: [
                Transition(from: "p", on: nil, to: "q"), Transition(from: "a1", on: "x", to: "a2"),
                Transition(from: "b1", on: "y", to: "b2"), Transition(from: "q", on: nil, to: "p"),
                Transition(from: "q1", on: "g", to: "q2"),
            ])
        let report = try DiagramChecker().check(machine)
        #expect(report.findings.isEmpty, "\(report.text)")
    }

    /// Machines whose compound states' transitions Graphviz clipped at their borders right
    /// beside a child (9 and 1 ends): each end is moved along the border, clear of the child,
    /// with no new finding.
    @Test(arguments: ["elevator.yaml", "thermostat.xstate.json"])
    func endsBesideAChildAreMovedAlongTheBorder(fixture: String) throws {
        let report = try DiagramChecker().check(file: MachineFixtures.directory.appendingPathComponent(fixture).path)
        #expect(report.endsBesideChildren == 0, "\(report.text)")
        DrawingExpectations.expectNoFindings(report, of: Set(DiagramFinding.Kind.allCases).subtracting([.sparseDrawing]))
    }

    /// Machines with ends beside a child that cannot slide along their own side, where the
    /// child, the other ends or a label in the way leave no room (5 ends into `authorising`,
    /// `cart` and `notifying`; 2 at `editing`'s border beside its `mode` region): each edge
    /// is drawn anew to a place elsewhere round the border, with no new finding.
    @Test(arguments: ["checkout.scxml", "text-editor.xstate.json"])
    func endsThatCannotSlideAlongTheirSideAreDrawnToAnotherPlace(fixture: String) throws {
        let report = try DiagramChecker().check(file: MachineFixtures.directory.appendingPathComponent(fixture).path)
        #expect(report.endsBesideChildren == 0, "\(report.text)")
        DrawingExpectations.expectNoFindings(report, of: Set(DiagramFinding.Kind.allCases).subtracting([.sparseDrawing]))
    }
}
