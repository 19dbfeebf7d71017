import FSMAnalysisDiagrams
import FSMCore
import FSMDOT
import Foundation
import TestSupport
import Testing

@Suite struct DiagramSelectionTests {
    /// A → B → C → D → E → F in a line, with a jump A → E and a way back F → A.
    func line() throws -> Machine {
        try Machine(
            name: "Line",
            states: [State("A", kind: .initial), State("B"), State("C"), State("D"), State("E"), State("F", kind: .final)],
            transitions: [
                Transition(from: "A", on: "go", to: "B"), Transition(from: "B", on: "go", to: "C"),
                Transition(from: "C", on: "go", to: "D"), Transition(from: "D", on: "go", to: "E"),
                Transition(from: "E", on: "go", to: "F"), Transition(from: "A", on: "jump", to: "E"),
                Transition(from: "F", on: "again", to: "A"), Transition(from: "C", on: "pick", to: ["B", "F"]),
            ])
    }

    /// Idle, then Active (Connecting, then Connected with Browsing and Buying), then Done.
    func nested() throws -> Machine {
        try Machine(
            name: "Shop",
            states: [
                State("Idle", kind: .initial), State("Active"),
                State("Connecting", kind: .initial, parent: "Active"), State("Connected", parent: "Active"),
                State("Browsing", kind: .initial, parent: "Connected"), State("Buying", parent: "Connected"),
                State("Done", kind: .final),
            ],
            transitions: [
                Transition(from: "Idle", on: "open", to: "Active"),
                Transition(from: "Connecting", on: "connected", to: "Connected"),
                Transition(from: "Browsing", on: "buy", to: "Buying"),
                Transition(from: "Buying", on: "paid", to: "Done"),
                Transition(from: "Active", on: "close", to: "Idle"),
                Transition(from: "Buying", on: "back", to: "Browsing"),
            ])
    }

    func golden(_ name: String) -> URL { Golden.fixtures().appendingPathComponent("golden/\(name).dot") }

    @Test func theWholeSelectionDrawsWhatTheWriterDraws() throws {
        for machine in [try line(), try nested()] {
            let view = try DiagramSelection.whole.view(of: machine)
            #expect(view.states == machine.states.map(\.id))
            #expect(view.stubs.isEmpty)
            #expect(DOTWriter().write(view) == DOTWriter().write(machine))
        }
    }

    @Test func focusKeepsTheNeighbourhoodAndCountsCutTransitionsAsStubs() throws {
        let machine = try line()
        let view = try DiagramSelection(focus: "C", radius: 1).view(of: machine)
        // C's neighbours either way: B (go, and the choice), D (go), F (the choice).
        #expect(view.states == ["B", "C", "D", "F"])
        #expect(
            view.stubs == [
                DiagramStub(state: "B", outgoing: 0, incoming: 1),  // A --go--> B
                DiagramStub(state: "D", outgoing: 1, incoming: 0),  // D --go--> E
                DiagramStub(state: "F", outgoing: 1, incoming: 1),  // F --again--> A, E --go--> F
            ])
        #expect(view.transitionCount == 3)  // B → C, C → D, C → {B, F}
        let dot = DOTWriter().write(view)
        Golden.check(dot, against: golden("focus-line-C-1"))
        #expect(!dot.contains("start"), "the initial state is out of view, so is the start point")
    }

    @Test func theFlowDiagramStyleDrawsTheViewsStatesAndTransitions() throws {
        let machine = try line()
        let view = try DiagramSelection(focus: "C", radius: 1).view(of: machine)
        let dot = DOTWriter(options: DOTOptions(style: .flowdiagram)).write(view)
        #expect(!dot.contains("0 ->"), "no start point: A is out of view")
        #expect(dot.contains("[label=\"C\", shape=box]"))
        #expect(!dot.contains("[label=\"A\", shape=box]"))
        #expect(!dot.contains("[label=\"E\", shape=box]"))
        let whole = try DiagramSelection.whole.view(of: machine)
        #expect(DOTWriter(options: DOTOptions(style: .flowdiagram)).write(whole) == machine.flowdiagramRepresentation)
    }

    @Test func radiusZeroIsTheStateAloneAndALargeRadiusIsEverything() throws {
        let machine = try line()
        let alone = try DiagramSelection(focus: "D", radius: 0).view(of: machine)
        #expect(alone.states == ["D"])
        #expect(alone.stubs == [DiagramStub(state: "D", outgoing: 1, incoming: 1)])
        let everything = try DiagramSelection(focus: "D", radius: 10).view(of: machine)
        #expect(everything.states == machine.states.map(\.id))
        #expect(everything.stubs.isEmpty)
        #expect(DOTWriter().write(everything) == DOTWriter().write(machine))
    }

    @Test func collapseDrawsDeepCompoundStatesAsOneNodeWithACount() throws {
        let machine = try nested()
        let top = try DiagramSelection(collapseDepth: 1).view(of: machine)
        #expect(top.states == ["Idle", "Active", "Done"])
        #expect(top.collapsedContents(of: "Active") == 4)
        #expect(top.collapsedContents(of: "Idle") == nil)
        // open, paid (from Buying, now from Active), close; the inner ones disappear.
        #expect(top.transitionCount == 3)
        Golden.check(DOTWriter().write(top), against: golden("collapse-shop-1"))

        let two = try DiagramSelection(collapseDepth: 2).view(of: machine)
        #expect(two.states == ["Idle", "Active", "Connecting", "Connected", "Done"])
        #expect(two.collapsedContents(of: "Connected") == 2)
        #expect(two.transitionCount == 4)  // open, connected, paid (from Connected), close
        Golden.check(DOTWriter().write(two), against: golden("collapse-shop-2"))
        #expect(try DiagramSelection(collapseDepth: 3).view(of: machine).states == machine.states.map(\.id))
    }

    /// A choice among states of 20,000 collapsed states draws one edge to each, found without
    /// comparing each target with the others already drawn.
    @Test func aChoiceAmongManyFoldedStatesDrawsOneEdgePerCollapsedState() throws {
        let boxes = (0..<20_000).map { State(StateID("b\($0)")) }
        let inner = (0..<20_000).flatMap { [State(StateID("c\($0)"), parent: StateID("b\($0)")), State(StateID("d\($0)"), parent: StateID("b\($0)"))] }
        let machine = try Machine(
            states: [State("Start", kind: .initial)] + boxes + inner,
            transitions: [Transition(from: "Start", on: "pick", to: inner.map(\.id))])
        let view = try DiagramSelection(collapseDepth: 1).view(of: machine)
        #expect(view.collapsedContents(of: "b7") == 2)
        let dot = DOTWriter().write(view)
        #expect(dot.components(separatedBy: "-> b7 [").count == 2, "one edge to each collapsed state")
        #expect(dot.components(separatedBy: "    transition_0_junction -> b").count == 20_001)
    }

    @Test func focusInsideACompoundStateKeepsItsAncestorsAsClusters() throws {
        let machine = try nested()
        let view = try DiagramSelection(focus: "Buying", radius: 1).view(of: machine)
        #expect(view.states == ["Active", "Connected", "Browsing", "Buying", "Done"])
        // Active frames the view; its own transitions lead out of it (close) and into it (open).
        #expect(
            view.stubs == [
                DiagramStub(state: "Active", outgoing: 1, incoming: 1), DiagramStub(state: "Connected", outgoing: 0, incoming: 1),
            ])
        Golden.check(DOTWriter().write(view), against: golden("focus-shop-Buying-1"))
        // A compound state at the edge of the view, with none of its children in it, is collapsed.
        let edge = try DiagramSelection(focus: "Idle", radius: 1).view(of: machine)
        #expect(edge.states == ["Idle", "Active"])
        #expect(edge.collapsedContents(of: "Active") == 4)
    }

    @Test func focusAndCollapseTogetherFocusOnTheCollapsedState() throws {
        let view = try DiagramSelection(focus: "Buying", radius: 0, collapseDepth: 1).view(of: try nested())
        #expect(view.states == ["Active"])
        #expect(view.stubs == [DiagramStub(state: "Active", outgoing: 2, incoming: 1)])
    }

    @Test func lintHighlightsFollowTheirTransitionsIntoTheView() throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("broken.json").path)
        let highlights = DOTHighlights(linting: machine)
        let view = try DiagramSelection(focus: "Stuck", radius: 1).view(of: machine)
        let dot = DOTWriter(options: DOTOptions(highlights: highlights)).write(view)
        Golden.check(dot, against: golden("focus-broken-Stuck-1.lint"))
    }

    @Test func edgeLabelsCanBeTooltipsAndOverlapRemovalIsAnAttribute() throws {
        let dot = DOTWriter(options: DOTOptions(edgeLabels: .tooltips, removesOverlap: true)).write(try line())
        #expect(dot.contains("A -> B [id=\"transition-0\", fsmviz_part=whole, class=\"transition\", fsmviz_transition=0, tooltip=\"go\""))
        #expect(!dot.contains("label=\"go\""))
        #expect(dot.contains("overlap=prism"))
        #expect(!DOTWriter().write(try line()).contains("overlap"))
    }

    @Test func badSelectionsAreTypedErrors() throws {
        let machine = try line()
        #expect(throws: DiagramSelectionError.unknownFocus("c", suggestion: "C")) {
            try DiagramSelection(focus: "c").view(of: machine)
        }
        #expect(throws: DiagramSelectionError.unknownFocus("Nowhere", suggestion: nil)) {
            try DiagramSelection(focus: "Nowhere").view(of: machine)
        }
        #expect(throws: DiagramSelectionError.negativeRadius(-1)) {
            try DiagramSelection(focus: "A", radius: -1).view(of: machine)
        }
        #expect(throws: DiagramSelectionError.collapseDepthTooSmall(0)) {
            try DiagramSelection(collapseDepth: 0).view(of: machine)
        }
        #expect(
            DiagramSelectionError.unknownFocus("c", suggestion: "C").description
                == "cannot focus on 'c': the machine has no such state; did you mean 'C'?")
    }

    static let millionChain: (states: [State], transitions: [Transition]) = {
        let count = 1_000_000
        var states = [State("s0", kind: .initial)]
        states.reserveCapacity(count)
        var transitions: [Transition] = []
        transitions.reserveCapacity(count)
        for index in 1..<count {
            states.append(State(StateID("s\(index)")))
            transitions.append(Transition(from: StateID("s\(index - 1)"), on: "next", to: StateID("s\(index)")))
        }
        return (states, transitions)
    }()

    @Test func aMillionStateChainNeedsNoRecursion() throws {
        let count = 1_000_000
        let chain = try Machine(states: Self.millionChain.states, transitions: Self.millionChain.transitions)
        let everything = try DiagramSelection(focus: "s500000", radius: count).view(of: chain)
        #expect(everything.states.count == count)
        #expect(everything.stubs.isEmpty)
        let around = try DiagramSelection(focus: "s500000", radius: 2).view(of: chain)
        #expect(around.states == ["s499998", "s499999", "s500000", "s500001", "s500002"])
        #expect(
            around.stubs == [
                DiagramStub(state: "s499998", outgoing: 0, incoming: 1), DiagramStub(state: "s500002", outgoing: 1, incoming: 0),
            ])
        let drawn = DOTWriter().write(around)
        #expect(drawn.contains("s500001 -> transition_500001_label [id=\"transition-500001\""))
        #expect(drawn.contains("transition_500001_label -> s500002 [id=\"transition-500001-target-0\""))

    }

    @Test func aMillionLevelsOfNestingNeedNoRecursion() throws {
        let count = 1_000_000
        // The chain's states nested each in the previous one.
        var states = Self.millionChain.states
        let transitions = Self.millionChain.transitions
        for index in 1..<count { states[index].parent = states[index - 1].id }
        for index in 1..<count - 1 { states[index].kind = .initial }
        let deep = try Machine(states: states, transitions: transitions)
        let collapsed = try DiagramSelection(collapseDepth: 2).view(of: deep)
        #expect(collapsed.states == ["s0", "s1"])
        #expect(collapsed.collapsedContents(of: "s1") == count - 2)
        #expect(collapsed.transitionCount == 1)
        #expect(DOTWriter().write(collapsed).contains("s1 [label=\"s1\\n(999998 states)\", style=\"rounded,filled,bold\", id=\"state-s1\""))
        let innermost = try DiagramSelection(focus: StateID("s\(count - 1)"), radius: 0).view(of: deep)
        #expect(innermost.states.count == count, "every ancestor frames the focus")
        // Writing deep nesting: 20,000 levels of clusters would overflow any recursive writer's stack.
        let twenty = try DiagramSelection(collapseDepth: 20_000).view(of: deep)
        let dot = DOTWriter().write(twenty)
        #expect(dot.contains("s19999 [label=\"s19999\\n(980000 states)\""))
    }
}
