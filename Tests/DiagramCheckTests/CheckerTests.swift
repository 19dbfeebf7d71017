import DiagramCheck
import FSMCore
import Foundation
import Testing

/// The checker on hand-written DOT that follows fsmviz's element scheme: a faithful drawing is
/// clean, and each kind of defect, planted on purpose, is found.
@Suite struct CheckerTests {
    /// Idle; Active (A1, A2) with a targetless `ping` drawn inside it; Done.
    static func machine() throws -> Machine {
        try Machine(
            name: "Player",
            states: [
                State("Idle", kind: .initial), State("Active"), State("A1", kind: .initial, parent: "Active"),
                State("A2", parent: "Active"), State("Done", kind: .final),
            ],
            transitions: [
                Transition(from: "Idle", on: "start", to: "Active"),
                Transition(from: "Active", on: "stop", to: "Idle"),
                Transition(from: "A1", on: "next", to: "A2"),
                Transition(from: "Active", on: "ping", to: []),
                Transition(from: "A2", on: "finish", to: "Done"),
                Transition(from: "A2", on: nil, to: "Done", guard: "timeout"),
            ])
    }

    static let goodDOT = """
        digraph Player {
            graph [compound=true, rankdir=TB, nodesep=0.6]
            node [shape=box, width=1.2]
            Idle [id="state-Idle", class="state atomic", fsmviz_state="state-Idle"]
            subgraph cluster_active {
                graph [label="Active\\nping", id="state-Active", class="state compound", fsmviz_state="state-Active", fsmviz_internal="3"]
                A1 [id="state-A1", class="state atomic", fsmviz_state="state-A1"]
                A2 [id="state-A2", class="state atomic", fsmviz_state="state-A2"]
            }
            Done [id="state-Done", class="state final", fsmviz_state="state-Done"]
            Idle -> A1 [lhead=cluster_active, id="transition-0", class="transition", fsmviz_transition=0, fsmviz_part=whole, fsmviz_target="state-Active", label="start"]
            A1 -> Idle [ltail=cluster_active, id="transition-1", class="transition", fsmviz_transition=1, fsmviz_part=whole, fsmviz_target="state-Idle", label="stop"]
            A1 -> A2 [id="transition-2", class="transition", fsmviz_transition=2, fsmviz_part=whole, fsmviz_target="state-A2", label="next"]
            A2 -> Done [id="transition-4", class="transition", fsmviz_transition=4, fsmviz_part=whole, fsmviz_target="state-Done", label="finish"]
            A2 -> Done [id="transition-5", class="transition", fsmviz_transition=5, fsmviz_part=whole, fsmviz_target="state-Done", label="[timeout]"]
        }
        """

    func check(_ dot: String, machine: Machine? = nil, engine: String = "dot") throws -> DiagramReport {
        try DiagramChecker().check(machine ?? Self.machine(), dot: dot, engine: engine)
    }

    /// `goodDOT` with `original` replaced by `replacement`, which must occur in it.
    func planting(_ original: String, _ replacement: String, in dot: String = goodDOT) -> String {
        #expect(dot.contains(original), "the good drawing contains \(original)")
        return dot.replacingOccurrences(of: original, with: replacement)
    }

    @Test func aFaithfulDrawingIsClean() throws {
        let report = try check(Self.goodDOT)
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(report.labelCount == 5)
    }

    @Test func aParentsTransitionDrawnFromItsFirstChildIsOnTheWrongState() throws {
        let report = try check(planting("A1 -> Idle [ltail=cluster_active, ", "A1 -> Idle ["))
        let wrong = report.findings(.wrongState)
        #expect(wrong.map(\.transitions) == [[1]], "\(report.text)")
        #expect(wrong.first?.message.contains("on 'A1' inside 'Active'") == true, "\(report.text)")
    }

    @Test func aTransitionIntoAParentDrawnIntoItsFirstChildIsOnTheWrongState() throws {
        let report = try check(planting("Idle -> A1 [lhead=cluster_active, ", "Idle -> A1 ["))
        #expect(report.findings(.wrongState).map(\.transitions) == [[0]], "\(report.text)")
    }

    @Test func anEdgeToAnotherStateIsOnTheWrongState() throws {
        let report = try check(planting("A2 -> Done [id=\"transition-4\"", "A2 -> Idle [id=\"transition-4\""))
        #expect(report.findings(.wrongState).map(\.transitions) == [[4]], "\(report.text)")
        #expect(report.findings(.wrongState).first?.message.contains("off 'Done', on 'Idle'") == true, "\(report.text)")
    }

    @Test func aTransitionWithoutEdgeIsMissing() throws {
        let dot = Self.goodDOT.split(separator: "\n").filter { !$0.contains("transition-2") }.joined(separator: "\n")
        let report = try check(dot)
        #expect(report.findings(.missing).map(\.transitions) == [[2]], "\(report.text)")
        #expect(report.findings.count == 1, "\(report.text)")
    }

    @Test func aTargetlessTransitionListedByNoStateIsMissing() throws {
        let report = try check(planting(", fsmviz_internal=\"3\"", ""))
        #expect(report.findings(.missing).map(\.transitions) == [[3]], "\(report.text)")
    }

    @Test func aTargetlessTransitionListedInsideAnotherStateIsOnTheWrongState() throws {
        let moved = planting(", fsmviz_internal=\"3\"", "")
            .replacingOccurrences(of: "fsmviz_state=\"state-Done\"", with: "fsmviz_state=\"state-Done\", fsmviz_internal=\"3\"")
        let report = try check(moved)
        #expect(report.findings(.wrongState).map(\.transitions) == [[3]], "\(report.text)")
    }

    @Test func aTargetlessTransitionDrawnAsALoopIsOnTheWrongState() throws {
        let report = try check(
            planting(
                "    Done [", "    A1 -> A1 [ltail=cluster_active, fsmviz_transition=3, fsmviz_part=whole, label=\"ping\"]\n    Done ["))
        #expect(report.findings(.wrongState).map(\.transitions).contains([3]), "\(report.text)")
    }

    @Test func oneEdgeCarryingTwoTransitionsIsMerged() throws {
        let dot = planting("fsmviz_transition=4,", "fsmviz_transition=\"4 5\",")
            .split(separator: "\n").filter { !$0.contains("transition-5") }.joined(separator: "\n")
        let report = try check(dot)
        #expect(report.findings(.merged).map(\.transitions) == [[4, 5]], "\(report.text)")
        #expect(report.findings(.missing).isEmpty, "\(report.text)")
    }

    @Test func aTransitionWhoseTextSitsInAnothersLabelIsMerged() throws {
        let dot = planting("label=\"finish\"", "label=\"finish\\n[timeout]\"")
            .split(separator: "\n").filter { !$0.contains("transition-5") }.joined(separator: "\n")
        let report = try check(dot)
        #expect(report.findings(.merged).map(\.transitions) == [[5, 4]], "\(report.text)")
        #expect(report.findings(.missing).isEmpty, "\(report.text)")
    }

    @Test func aLabelNodeFarFromItsEdgeIsDetached() throws {
        // The label node sits in the source's rank, pushed aside by a wide invisible spacer.
        let dot = planting(
            "A1 -> A2 [id=\"transition-2\", class=\"transition\", fsmviz_transition=2, fsmviz_part=whole, fsmviz_target=\"state-A2\", label=\"next\"]",
            """
            spacer [style=invis, width=1.2]
                label2 [shape=plaintext, label="next", fsmviz_transition=2, fsmviz_part=label]
                { rank=same; A1; spacer; label2 }
                A1 -> spacer [style=invis]
                spacer -> label2 [style=invis]
                A1 -> A2 [id="transition-2", class="transition", fsmviz_transition=2, fsmviz_part=whole, fsmviz_target="state-A2"]
            """)
        let report = try check(dot)
        let detached = report.findings(.detachedLabel)
        #expect(detached.map(\.transitions) == [[2]], "\(report.text)")
        let distance = detached.first.flatMap { finding in
            finding.message.split(separator: " ").firstIndex(of: "pt").map { finding.message.split(separator: " ")[$0 - 1] }
        }.flatMap { Double($0) }
        #expect((distance ?? 0) > 40, "\(report.text)")
    }

    @Test func labelsNearTheirEdgeAreNotDetached() throws {
        let report = try check(Self.goodDOT)
        #expect(report.findings(.detachedLabel).isEmpty)
    }
}

extension CheckerTests {
    @Test func helperClustersInheritingAStatesAttributesAreNotTakenForIt() throws {
        // Graphviz copies a cluster's graph attributes into the subgraphs inside it: the dashed
        // border around A2 repeats Active's fsmviz_state and fsmviz_internal.
        let report = try check(
            planting(
                "        A2 [id=\"state-A2\", class=\"state atomic\", fsmviz_state=\"state-A2\"]",
                """
                        subgraph cluster_border {
                            graph [style=dashed, label="", id="state-A2-region"]
                            A2 [id="state-A2", class="state atomic", fsmviz_state="state-A2"]
                        }
                """))
        #expect(report.findings.isEmpty, "\(report.text)")
    }
}
