import DiagramCheck
import FSMCore
import Foundation
import Testing

/// Label crossings and overlaps, region order and aspect ratio, each seen to fail on a drawing
/// built to have the defect. Crossings and overlaps pin nodes with `neato` (`pos="x,y!"`, in
/// inches) so the geometry is exact.
@Suite struct LayoutCheckTests {
    /// A, B, C, D and two transitions: A → B (0) and C → D (1).
    static func crossing() throws -> Machine {
        try Machine(
            name: "Crossing", states: [State("A", kind: .initial), State("B"), State("C"), State("D")],
            transitions: [Transition(from: "A", on: "go", to: "B"), Transition(from: "C", on: "cut", to: "D")])
    }

    /// A → B through label node `label0` at (2, 0), C → D through `label1` at `label1`; with
    /// `crossing`, C → D runs straight through `label0`.
    static func pinned(label1: String, crossing: Bool) -> String {
        let (c, d) = crossing ? ("2,2", "2,-2") : ("6,2", "6,-2")
        return """
            digraph Crossing {
                graph [splines=line]
                node [shape=box, width=0.5, height=0.3, fixedsize=true]
                A [pos="0,0!", fsmviz_state="state-A"]
                B [pos="4,0!", fsmviz_state="state-B"]
                C [pos="\(c)!", fsmviz_state="state-C"]
                D [pos="\(d)!", fsmviz_state="state-D"]
                label0 [shape=plaintext, fixedsize=false, label="go", pos="2,0!", fsmviz_transition=0, fsmviz_part=label]
                label1 [shape=plaintext, fixedsize=false, label="cut", pos="\(label1)!", fsmviz_transition=1, fsmviz_part=label]
                A -> label0 [fsmviz_transition=0, fsmviz_part=source, arrowhead=none]
                label0 -> B [fsmviz_transition=0, fsmviz_part=target, fsmviz_target="state-B"]
                C -> label1 [fsmviz_transition=1, fsmviz_part=source, arrowhead=none]
                label1 -> D [fsmviz_transition=1, fsmviz_part=target, fsmviz_target="state-D"]
            }
            """
    }

    func check(_ machine: Machine, _ dot: String, engine: String = "dot") throws -> DiagramReport {
        try DiagramChecker().check(machine, dot: dot, engine: engine)
    }

    @Test func labelsClearOfOtherEdgesAreClean() throws {
        let report = try check(try Self.crossing(), Self.pinned(label1: "6,0", crossing: false), engine: "neato")
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(report.labelCount == 2)
    }

    @Test func aLabelCrossedByAnotherTransitionsEdgeIsFound() throws {
        // C → D passes above and below label0 through (2, 1) and (2, -1): label1 sits on it, away from label0.
        let report = try check(try Self.crossing(), Self.pinned(label1: "2,1.2", crossing: true), engine: "neato")
        let crossed = report.findings(.crossedLabel)
        #expect(crossed.map(\.transitions) == [[0, 1]], "\(report.text)")
        #expect(crossed.first?.message.contains("crossed by #1 C --cut--> D") == true, "\(report.text)")
        #expect(report.findings(.overlappingLabels).isEmpty, "\(report.text)")
    }

    @Test func overlappingLabelsAreFound() throws {
        let report = try check(try Self.crossing(), Self.pinned(label1: "2.1,0.05", crossing: false), engine: "neato")
        #expect(report.findings(.overlappingLabels).map(\.transitions) == [[0, 1]], "\(report.text)")
    }

    /// Parallel state P with regions R1 (r1) and R2 (r2), in that order.
    static func parallel() throws -> Machine {
        try Machine(
            name: "Regions",
            states: [
                State("P", kind: .initial, isParallel: true), State("R1", parent: "P"), State("r1", kind: .initial, parent: "R1"),
                State("R2", parent: "P"), State("r2", kind: .initial, parent: "R2"),
            ],
            transitions: [])
    }

    /// P's regions as clusters, the first of `order` placed before the second by an invisible
    /// edge along `rankdir` (dot alone places unconnected clusters in no promised order).
    static func regions(_ order: [String], rankdir: String) -> String {
        """
        digraph Regions {
            graph [rankdir=\(rankdir)]
            subgraph cluster_P {
                graph [label="P", fsmviz_state="state-P"]
                subgraph cluster_R1 {
                    graph [label="R1", fsmviz_state="state-R1"]
                    r1 [fsmviz_state="state-r1"]
                }
                subgraph cluster_R2 {
                    graph [label="R2", fsmviz_state="state-R2"]
                    r2 [fsmviz_state="state-r2"]
                }
            }
            \(order[0].lowercased()) -> \(order[1].lowercased()) [style=invis]
        }
        """
    }

    @Test(arguments: ["LR", "TB"])
    func regionsInDocumentOrderAreClean(rankdir: String) throws {
        let report = try check(try Self.parallel(), Self.regions(["R1", "R2"], rankdir: rankdir))
        #expect(report.findings.isEmpty, "\(report.text)")
    }

    @Test(arguments: ["LR", "TB"])
    func swappedRegionsAreOutOfOrder(rankdir: String) throws {
        let report = try check(try Self.parallel(), Self.regions(["R2", "R1"], rankdir: rankdir))
        #expect(report.findings(.regionsOutOfOrder).map(\.states) == [["P", "R1", "R2"]], "\(report.text)")
    }

    @Test func overlappingRegionsAreOutOfOrder() throws {
        // Pinned on top of each other by neato, which draws no clusters: the regions are nodes.
        let dot = """
            digraph Regions {
                node [shape=box, width=1, height=1, fixedsize=true]
                P [pos="0,0!", width=3, height=3, fsmviz_state="state-P"]
                R1 [pos="0,0!", fsmviz_state="state-R1"]
                R2 [pos="0.3,0.3!", fsmviz_state="state-R2"]
            }
            """
        let report = try check(try Self.parallel(), dot, engine: "neato")
        let finding = report.findings(.regionsOutOfOrder).first
        #expect(finding?.message.contains("'R1' and 'R2' overlap") == true, "\(report.text)")
    }

    @Test func aDrawingLongerThanThreeToOneIsFound() throws {
        let states = (0..<8).map { State(StateID("S\($0)"), kind: $0 == 0 ? .initial : .normal) }
        let machine = try Machine(
            name: "Chain", states: states,
            transitions: (0..<7).map { Transition(from: StateID("S\($0)"), on: nil, to: StateID("S\($0 + 1)")) })
        let chain = (0..<8).map { "S\($0) [fsmviz_state=\"state-S\($0)\"]" }.joined(separator: "; ")
        let edges = (0..<7).map { "S\($0) -> S\($0 + 1) [fsmviz_transition=\($0)]" }.joined(separator: "; ")
        let tall = try check(machine, "digraph { \(chain); \(edges) }")
        #expect(tall.findings.map(\.kind) == [.aspectRatio], "\(tall.text)")
        #expect(tall.aspectRatio > 3)
        let wide = try check(machine, "digraph { rankdir=LR; \(chain); \(edges) }")
        #expect(wide.findings.map(\.kind) == [.aspectRatio], "\(wide.text)")
        let squarer = try check(machine, "digraph { rankdir=LR; ratio=0.5; \(chain); \(edges) }")
        #expect(squarer.findings.isEmpty, "\(squarer.text)")
    }

    /// A cycle of four timed steps, longer than 3:1 in both directions with the standard
    /// spacing (123.7 × 414 pt top to bottom): the renderer closes its ranks up instead.
    @Test func aChainOfStepsIsDrawnWithinThreeToOne() throws {
        let steps = ["idle", "firstStep", "secondStep", "thirdStep"]
        let machine = try Machine(
            name: "multiStepTimer", states: steps.enumerated().map { State(StateID($1), kind: $0 == 0 ? .initial : .normal) },
            transitions: steps.indices.map { index in
                Transition(from: StateID(steps[index]), on: EventID(index == 0 ? "BEGIN" : "after(3000)"), to: StateID(steps[(index + 1) % 4]))
            })
        let report = try DiagramChecker().check(machine)
        #expect(report.aspectRatio <= 3, "\(report.text)")
        #expect(report.findings.isEmpty, "\(report.text)")
    }
}
