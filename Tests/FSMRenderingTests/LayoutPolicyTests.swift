import FSMCore
import FSMDOT
import FSMRendering
import Foundation
import TestSupport
import Testing

@Suite struct LayoutPolicyTests {
    let policy = LayoutPolicy.measured

    @Test func autoUsesDotThenSfdpThenTooltipsAsTheDiagramGrows() {
        #expect(policy.dotLimit < policy.labelLimit)
        #expect(policy.plan(transitions: 0) == LayoutPlan(engine: .dot))
        #expect(policy.plan(transitions: policy.dotLimit) == LayoutPlan(engine: .dot))
        #expect(
            policy.plan(transitions: policy.dotLimit + 1)
                == LayoutPlan(engine: .sfdp, edgeLabels: .onEdges, removesOverlap: true))
        #expect(
            policy.plan(transitions: policy.labelLimit)
                == LayoutPlan(engine: .sfdp, edgeLabels: .onEdges, removesOverlap: true))
        #expect(
            policy.plan(transitions: policy.labelLimit + 1)
                == LayoutPlan(engine: .sfdp, edgeLabels: .tooltips, removesOverlap: true))
        #expect(policy.plan(transitions: 10_000_000).engine == .sfdp)
    }

    @Test func thePlanSizesWhatIsDrawnNotTheWholeMachine() throws {
        let count = policy.dotLimit * 2
        var states = [State("s0", kind: .initial)]
        var transitions: [Transition] = []
        for index in 1...count {
            states.append(State(StateID("s\(index)")))
            transitions.append(Transition(from: StateID("s\(index - 1)"), on: "next", to: StateID("s\(index)")))
        }
        let machine = try Machine(states: states, transitions: transitions)
        #expect(policy.plan(for: DiagramView(whole: machine)).engine == .sfdp)
        #expect(policy.plan(for: try DiagramSelection(focus: "s10", radius: 3).view(of: machine)).engine == .dot)
    }

    @Test func slowEnginesChosenByNameAreRefusedAboveTheirBounds() throws {
        let maximum = try #require(policy.maximumTransitions[.dot])
        #expect(maximum > policy.dotLimit, "auto's choice of dot is never refused")
        #expect(policy.refusal(of: .dot, transitions: maximum) == nil)
        let refusal = try #require(policy.refusal(of: .dot, transitions: maximum + 1))
        #expect(refusal == LayoutRefusal(engine: .dot, transitions: maximum + 1, limit: maximum))
        // What to do instead is the command line's to say, in its flags (LargeMachineCommandTests).
        #expect(
            refusal.description
                == "the diagram draws \(maximum + 1) transitions, more than the \(maximum) that 'dot' lays out in reasonable time (it would take minutes)")
        #expect(!refusal.description.contains("--"))
        // Measured (docs/performance.md, docs/reliability.md): every engine passes a minute
        // somewhere; auto plans no engine of its own.
        #expect(Set(policy.maximumTransitions.keys) == [.dot, .circo, .fdp, .neato, .twopi, .sfdp])
        for (engine, limit) in policy.maximumTransitions {
            #expect(policy.refusal(of: engine, transitions: limit) == nil)
            #expect(policy.refusal(of: engine, transitions: limit + 1)?.limit == limit)
        }
        var unbounded = policy
        unbounded.maximumTransitions = [:]
        #expect(unbounded.refusal(of: .dot, transitions: 10_000_000) == nil)
    }

    @Test func autoNeverPlansALayoutTheBoundsRefuse() {
        let tight = LayoutPolicy(dotLimit: 250, labelLimit: 2_500, maximumTransitions: [.dot: 10])
        #expect(tight.plan(transitions: 10).engine == .dot)
        #expect(tight.plan(transitions: 11).engine == .sfdp)
        for transitions in [0, 10, 11, 250, 251, 5_000] {
            #expect(tight.refusal(of: tight.plan(transitions: transitions).engine, transitions: transitions) == nil)
        }
    }

    /// A million transitions, within every input limit, were still laying out after seven
    /// minutes: auto's layout has a bound, and a refusal says auto finishes only below it.
    @Test func autoIsBoundedAndRefusalsProposeOnlyWhatFinishes() throws {
        let huge = 1_000_000
        let refusal = try #require(policy.refusal(of: policy.plan(transitions: huge).engine, transitions: huge))
        #expect(!refusal.autoFinishes)
        let dot = try #require(policy.refusal(of: .dot, transitions: huge))
        #expect(!dot.autoFinishes)
        #expect(policy.refusal(of: .dot, transitions: 1_000)?.autoFinishes == true)
    }

    @Test func theRefusalSizesWhatIsDrawnNotTheWholeMachine() throws {
        let count = (policy.maximumTransitions[.dot] ?? 0) + 100
        var states = [State("s0", kind: .initial)]
        var transitions: [Transition] = []
        for index in 1...count {
            states.append(State(StateID("s\(index)")))
            transitions.append(Transition(from: StateID("s\(index - 1)"), on: "next", to: StateID("s\(index)")))
        }
        let machine = try Machine(states: states, transitions: transitions)
        #expect(policy.refusal(of: .dot, for: DiagramView(whole: machine))?.count == count)
        #expect(policy.refusal(of: .dot, for: try DiagramSelection(focus: "s10", radius: 3).view(of: machine)) == nil)
    }

    /// States that no transition connects cost a layout too: every engine but dot packed them
    /// around each other (2,000 took sfdp 17 s, 4,000 over a minute), and dot puts them in one
    /// row. So auto gives dot few states, and each engine has a bound on states as well.
    @Test func statesAreBoundedAsWellAsTransitions() throws {
        #expect(policy.plan(transitions: 0, states: policy.dotStateLimit).engine == .dot)
        #expect(policy.plan(transitions: 0, states: policy.dotStateLimit + 1).engine == .sfdp)
        let sfdp = try #require(policy.maximumStates[.sfdp])
        #expect(policy.refusal(of: .sfdp, transitions: 0, states: sfdp) == nil)
        let refusal = try #require(policy.refusal(of: .sfdp, transitions: 0, states: sfdp + 1))
        #expect(refusal == LayoutRefusal(engine: .sfdp, states: sfdp + 1, limit: sfdp, autoFinishes: false))
        #expect(refusal.description.contains("\(sfdp + 1) states") && refusal.measure == .states)
        #expect(!refusal.description.contains("--"))
        let dot = try #require(policy.maximumStates[.dot])
        #expect(policy.refusal(of: .dot, transitions: 0, states: dot + 1)?.autoFinishes == true)
        var unbounded = policy
        unbounded.maximumStates = [:]
        #expect(unbounded.refusal(of: .sfdp, transitions: 0, states: 10_000_000) == nil)
    }

    /// 5,000 states without a transition between them: auto draws them with sfdp, packed as an
    /// array, every one in the SVG (a run of minutes before).
    @Test func manyUnconnectedStatesAreDrawnPromptly() throws {
        let states = (0..<5_000).map { State(StateID("s\($0)"), kind: $0 == 0 ? .initial : .normal) }
        let machine = try Machine(states: states, transitions: [])
        #expect(policy.plan(for: DiagramView(whole: machine)).engine == .sfdp)
        let svg = String(decoding: try GraphvizRenderer().render(machine, format: .svg), as: UTF8.self)
        #expect(svg.components(separatedBy: "class=\"node state atomic\"").count - 1 == 5_000)
    }

    @Test func everyPlanFallsBackToACheaperOneUntilTheCheapest() {
        var plan: LayoutPlan? = LayoutPlan(engine: .dot)
        var engines: [String] = []
        while let current = plan {
            engines.append(current.summary)
            plan = current.cheaper
        }
        #expect(engines == ["dot", "sfdp", "sfdp, events as tooltips"])
    }

    @Test func planChoicesReachTheDrawing() {
        let options = LayoutPlan(engine: .sfdp, edgeLabels: .tooltips, removesOverlap: true).applied(to: DOTOptions(title: "T"))
        #expect(options.edgeLabels == .tooltips)
        #expect(options.removesOverlap)
        #expect(options.title == "T")
    }

    /// A tiny policy makes a sample take the tooltip path, so the real sfdp render is quick.
    @Test func autoRendersEventsAsTooltipsAboveTheLabelLimit() throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("tcp.json").path)
        let tiny = LayoutPolicy(dotLimit: 2, labelLimit: 4)
        let svg = String(decoding: try GraphvizRenderer().render(machine, format: .svg, policy: tiny), as: UTF8.self)
        #expect(svg.contains("xlink:title=\"rcv SYN / snd ACK\""), "the event is the edge's tooltip")
        #expect(!svg.contains(">rcv SYN / snd ACK</text>"), "and is not laid out as text")
        let labelled = String(
            decoding: try GraphvizRenderer().render(machine, format: .svg, policy: LayoutPolicy(dotLimit: 2, labelLimit: 1_000)),
            as: UTF8.self)
        #expect(labelled.contains(">rcv SYN / snd ACK</text>"))
        #expect(try GraphvizRenderer().render(machine, format: .svg) == GraphvizRenderer().render(machine, format: .svg, engine: .dot))
    }

    /// What `scripts/bench` measures at full size, here at a size CI can afford: set
    /// FSMVIZ_SLOW_TESTS=1 to render a 3,000-state generated-like machine with the defaults.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FSMVIZ_SLOW_TESTS"] == "1"))
    func aThreeThousandStateMachineRendersWithTheDefaults() throws {
        let count = 3_000
        var states = [State("s0", kind: .initial)]
        var transitions: [Transition] = []
        for index in 1..<count { states.append(State(StateID("s\(index)"))) }
        for index in 0..<count {
            for step in [1, 2, 5] {
                let target = (index + step * 7 + index % 5) % count
                transitions.append(Transition(from: StateID("s\(index)"), on: EventID("e\(step)"), to: StateID("s\(target)")))
            }
        }
        let machine = try Machine(states: states, transitions: transitions)
        // What keeps it quick is the plan: sfdp without labels in the layout, never dot, and no
        // refusal. How long it takes is `scripts/bench engines`' to measure, not a test's.
        let view = DiagramView(whole: machine)
        #expect(
            LayoutPolicy.measured.plan(for: view, engine: .auto, options: DOTOptions())
                == LayoutPlan(engine: .sfdp, edgeLabels: .tooltips, removesOverlap: true))
        #expect(LayoutPolicy.measured.refusal(of: .sfdp, for: view) == nil)
        let svg = String(decoding: try GraphvizRenderer().render(machine, format: .svg), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains(#"data-state="s2999""#))
    }
}

@Suite struct RendererPolicyTests {
    /// Library callers get the command line's protection: a layout the policy expects to run
    /// for minutes is refused before Graphviz starts, for an engine chosen by name too.
    @Test func theRendererRefusesWhatThePolicyRefuses() throws {
        let machine = try Machine(
            states: (0..<4).map { State(StateID("s\($0)"), kind: $0 == 0 ? .initial : .normal) },
            transitions: (0..<4).map { Transition(from: StateID("s\($0)"), on: "next", to: StateID("s\(($0 + 1) % 4)")) })
        let tight = LayoutPolicy(dotLimit: 2, labelLimit: 100, maximumTransitions: [.dot: 3])
        #expect(throws: RenderError.refused(LayoutRefusal(engine: .dot, transitions: 4, limit: 3))) {
            try GraphvizRenderer().render(machine, format: .svg, engine: .dot, policy: tight)
        }
        // auto picks an engine the policy allows instead.
        #expect(try !GraphvizRenderer().render(machine, format: .svg, engine: .auto, policy: tight).isEmpty)
    }
}
