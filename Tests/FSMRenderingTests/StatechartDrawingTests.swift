import FSMCore
import FSMDOT
import FSMInterop
import FSMRendering
import Foundation
import TestSupport
import Testing

/// Every transition is drawn from its true source to its true targets, judged from the
/// geometry of the rendered SVG: the line starts on its source's outline and its arrow ends
/// on its target's, nearer to them than to any other state, found through the element ids
/// docs/diagrams.md promises.
@Suite struct StatechartDrawingTests {
    /// A media player with every shape that used to be drawn on the wrong state: a compound
    /// state's transitions to an outside state, to itself, to one of its children (externally
    /// and internally), from a child to it, a targetless reaction, a fork into parallel
    /// regions, deep history, and an eventless guarded transition beside an evented one
    /// between the same two states.
    static func player() throws -> Machine {
        try Machine(
            name: "Player",
            states: [
                State("Stopped", kind: .initial),
                State("Playing"),
                State("Normal", kind: .initial, parent: "Playing"),
                State("Fast", parent: "Playing"),
                State("Slow", parent: "Playing"),
                State("Resume", parent: "Playing", pseudoState: .deepHistory),
                State("Settings", isParallel: true),
                State("Audio", parent: "Settings"),
                State("Muted", kind: .initial, parent: "Audio"),
                State("Loud", parent: "Audio"),
                State("Video", parent: "Settings"),
                State("HD", kind: .initial, parent: "Video"),
                State("SD", parent: "Video"),
                State("Ejected", kind: .final, entryEffects: ["release the disc"]),
            ],
            transitions: [
                Transition(from: "Stopped", on: "play", to: "Playing"),
                Transition(from: "Playing", on: "stop", to: "Stopped"),
                Transition(from: "Playing", on: "restart", to: "Playing"),
                Transition(from: "Playing", on: "faster", to: "Fast", guard: "rate < 4"),
                Transition(from: "Playing", on: "slower", to: "Slow", kind: .internal),
                Transition(from: "Playing", on: "tick", to: [StateID](), effects: ["count frames"]),
                Transition(from: "Fast", on: "reset", to: "Playing"),
                Transition(from: "Normal", on: "skip", to: "Fast"),
                Transition(from: "Stopped", on: "configure", to: ["Loud", "SD"]),
                Transition(from: "Settings", on: "done", to: "Resume"),
                Transition(from: "Muted", on: "louder", to: "Loud"),
                Transition(from: "Loud", on: "quieter", to: "Muted"),
                Transition(from: "HD", on: "lower", to: "SD"),
                Transition(from: "SD", on: "higher", to: "HD"),
                Transition(from: "Stopped", on: "eject", to: "Ejected"),
                Transition(from: "Stopped", on: nil, to: "Ejected", guard: "disc is damaged"),
            ])
    }

    static let corpus = [
        "corpus/w3c-irp/mandatory/test364.scxml", "corpus/w3c-irp/mandatory/test388.scxml",
        "corpus/w3c-irp/mandatory/test576.scxml", "corpus/w3c-irp/mandatory/test580.scxml",
    ]

    static func machines() throws -> [Machine] {
        try [player()]
            + Golden.sampleFiles().map { try MachineReader.read(path: $0.path).machine }
            + corpus.map { try MachineReader.read(path: HierarchyRenderTests.path($0)).machine }
    }

    /// How far (in points) an end may be from its state's outline.
    static let tolerance = 3.0

    @Test func everyTransitionStartsOnItsSourceAndEndsOnItsTargets() throws {
        for machine in try Self.machines() {
            let svg = try SVGGeometry(GraphvizRenderer().render(machine, format: .svg))
            let name = machine.name ?? "machine"
            for (number, transition) in machine.transitions.enumerated() where !transition.isTargetless {
                let element = DiagramElementID.transition(number)
                let first = svg.groups.filter { $0.id == element }
                try #require(first.count == 1, "\(name): transition \(number) has \(first.count) elements")
                #expect(first[0].data["transition"] == String(number))
                if let start = first[0].start {
                    expectNearest(transition.source, to: start, in: svg, "\(name): transition \(number) starts")
                }
                for (position, target) in transition.targets.enumerated() {
                    let id = transition.targets.count == 1 && first[0].tip != nil ? element : "\(element)-target-\(position)"
                    guard let tip = svg.group(id)?.tip else {
                        Issue.record("\(name): transition \(number) has no arrow into \(target)")
                        continue
                    }
                    expectNearest(target, to: tip, in: svg, "\(name): transition \(number) ends")
                }
            }
        }
    }

    @Test func targetlessTransitionsAreInternalActivitiesOfTheirState() throws {
        let machine = try Self.player()
        let bytes = try GraphvizRenderer().render(machine, format: .svg)
        let svg = try SVGGeometry(bytes)
        #expect(svg.groups.allSatisfy { $0.data["transition"] != "5" })
        let structure = try SVGStructure(bytes)
        #expect(structure.clusterTexts.contains("tick / count frames"))
    }

    @Test func everyStateHasOneElementNamingItsKind() throws {
        let machine = try Self.player()
        let svg = try SVGGeometry(GraphvizRenderer().render(machine, format: .svg))
        let expected: [StateID: String] = [
            "Stopped": "atomic", "Playing": "compound", "Resume": "deep-history", "Settings": "parallel",
            "Audio": "region", "Ejected": "final",
        ]
        for state in machine.states {
            let groups = svg.groups.filter { $0.id == DiagramElementID.state(state.id) }
            try #require(groups.count == 1, "\(state.id) has \(groups.count) elements")
            #expect(groups[0].classes.contains("state"))
            #expect(groups[0].data["state"] == state.id.rawValue)
            if let kind = expected[state.id] { #expect(groups[0].classes.contains(kind), "\(state.id): \(groups[0].classes)") }
        }
    }

    /// Graphviz orders clusters as it likes (this machine came out R7, R0, R6, ..., R1, and
    /// left to right it ignores the ordering that fixes top to bottom).
    @Test(arguments: [RankDirection.TB, .LR, nil])
    func parallelRegionsAppearInDocumentOrder(direction: RankDirection?) throws {
        for machine in [try Self.wide(), try Self.player()] {
            let svg = try SVGGeometry(
                GraphvizRenderer().render(machine, options: DOTOptions(rankDirection: direction), format: .svg))
            let regions = machine.states.filter(\.isParallel).flatMap { machine.regions(of: $0.id) }
            let boxes = try regions.map { region in try #require(svg.group(DiagramElementID.state(region))?.box) }
            // Read like text: each region right of the one before, or wholly below it.
            for (earlier, later) in zip(boxes, boxes.dropFirst()) {
                #expect(earlier.maxX <= later.minX || earlier.maxY <= later.minY, "\(machine.name ?? ""): regions out of order")
            }
        }
    }

    /// A parallel state of eight regions, each a compound state of two.
    static func wide() throws -> Machine {
        var states = [State("Off", kind: .initial), State("On", isParallel: true)]
        var transitions = [Transition(from: "Off", on: "power", to: "On")]
        for region in 0..<8 {
            let name = "Region\(region)"
            states += [
                State(StateID(name), parent: "On"), State(StateID("\(name)Idle"), kind: .initial, parent: StateID(name)),
                State(StateID("\(name)Busy"), parent: StateID(name)),
            ]
            transitions.append(Transition(from: StateID("\(name)Idle"), on: EventID("work \(region)"), to: StateID("\(name)Busy")))
        }
        return try Machine(name: "Wide", states: states, transitions: transitions)
    }

    /// Eight regions in one row, in order, made a strip wider than 3:1 top to bottom, and left
    /// to right came out in the wrong order; they wrap into a grid within 3:1.
    @Test func theDefaultDirectionKeepsAParallelMachineWithinThreeToOne() throws {
        let machine = try Self.wide()
        func aspect(_ options: DOTOptions) throws -> Double {
            let text = String(decoding: try GraphvizRenderer().render(machine, options: options, format: .svg), as: UTF8.self)
            let box = try #require(text.firstRange(of: "viewBox=\"")).upperBound
            let numbers = text[box...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
            try #require(numbers.count == 4)
            return max(numbers[2] / numbers[3], numbers[3] / numbers[2])
        }
        #expect(try aspect(DOTOptions()) <= 3)
        #expect(try aspect(DOTOptions(rankDirection: .TB)) <= 3, "the regions wrap into a grid")
    }

    @Test func elementIDsAreInjectiveAndDecodable() {
        let ids: [StateID] = ["A-B", "A_2d_B", "A B", "Ä", "a.b", "_", "-", ""]
        let encoded = ids.map(DiagramElementID.state)
        #expect(Set(encoded).count == ids.count)
        for (id, element) in zip(ids, encoded) {
            #expect(element.dropFirst(6).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            #expect(DiagramElementID.stateID(of: element) == id)
        }
        #expect(DiagramElementID.stateID(of: "state-A-start") == nil)
        #expect(DiagramElementID.transitionIndex(of: "transition-12-target-3") == 12)
    }

    /// Records an issue unless `point` lies on `state`'s outline (or its anchor's) and no other
    /// state's outline is nearer.
    private func expectNearest(
        _ state: StateID, to point: (x: Double, y: Double), in svg: SVGGeometry, _ what: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let element = DiagramElementID.state(state)
        var distances: [(id: String, distance: Double)] = []
        for group in svg.groups where group.classes.contains("state") || group.classes.contains("anchor") {
            guard let box = group.box else { continue }
            let owner = group.classes.contains("anchor") ? String(group.id.dropLast("-anchor".count)) : group.id
            distances.append((owner, box.distanceToOutline(point)))
        }
        let own = distances.filter { $0.id == element }.map(\.distance).min() ?? .infinity
        let nearest = distances.min { $0.distance < $1.distance }
        #expect(own <= Self.tolerance, "\(what) \(own) pt from \(state)", sourceLocation: sourceLocation)
        #expect(
            nearest?.id == element || (nearest?.distance ?? 0) >= own - 0.5,
            "\(what) nearer to \(nearest?.id ?? "?") than to \(element)", sourceLocation: sourceLocation)
    }
}

@Suite struct RepeatedRenderTests {
    /// Graphviz orders subgraphs by an id that, by default, is the address of their interned
    /// name, so clusters came out in another order once earlier renders had freed memory.
    @Test func aHierarchicalMachineRendersTheSameAfterOtherRenders() throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("amplify-auth.yaml").path)
        let renderer = GraphvizRenderer()
        let first = try renderer.render(machine, options: DOTOptions(rankDirection: .LR), format: .svg)
        for direction in [RankDirection.TB, .LR, .TB, .LR] {
            let again = try renderer.render(machine, options: DOTOptions(rankDirection: direction), format: .svg)
            if direction == .LR { #expect(again == first, "the LR layout changed after \(direction) renders") }
        }
    }
}

@Suite struct FaithfulTextTests {
    /// Graphviz decodes character references in labels and applies its escapes to tooltips
    /// twice: `&amp;` was drawn as `&`, `&#0;` broke the SVG, `\G` became the graph's name.
    @Test(arguments: [EdgeLabelPlacement.onEdges, .tooltips])
    func userTextIsDrawnAndShownAsWritten(placement: EdgeLabelPlacement) throws {
        let text = #"x &amp; y &#0; z \G \E \N \T \H &#xFFFE; &#55296; &#x110000; a\"#
        let machine = try Machine(
            name: "Text", states: [State("A", kind: .initial), State(StateID(text))],
            transitions: [Transition(from: "A", on: "go", to: StateID(text), guard: text)])
        let bytes = try GraphvizRenderer().render(machine, options: DOTOptions(edgeLabels: placement), format: .svg)
        let root = try SVGStructure.tree(bytes)
        var texts: [String] = []
        var tooltips: [String] = []
        func visit(_ element: SVGStructure.Element) {
            if element.name == "text" { texts.append(element.stringValue) }
            if element.name == "a", let title = element.attributes["xlink:title"] { tooltips.append(title) }
            element.children.forEach(visit)
        }
        visit(root)
        let label = "go [\(text)]"
        #expect(texts.joined(separator: " ").contains(text), "the state's name as written: \(texts)")
        #expect(tooltips.contains(label), "the transition's tooltip as written: \(tooltips)")
        if placement == .onEdges {
            #expect(texts.joined(separator: " ").contains(label), "the label as written: \(texts)")
        }
    }
}
