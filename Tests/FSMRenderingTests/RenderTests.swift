import FSMAnalysisDiagrams
import FSMCore
import FSMDOT
import Foundation
import TestSupport
import Testing

@testable import FSMRendering

@Suite struct RenderTests {
    static let samples = Golden.sampleFiles().map(\.lastPathComponent)
    let renderer = GraphvizRenderer()

    func machine(_ sample: String) throws -> Machine {
        try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent(sample).path)
    }

    @Test(arguments: samples, DOTStyle.allCases)
    func svgHasANodeGroupPerStateAndAnEdgeGroupPerDrawnEdge(sample: String, style: DOTStyle) throws {
        let machine = try machine(sample)
        let options = DOTOptions(style: style)
        let svg = try SVGStructure(renderer.render(machine, options: options, format: .svg))
        let dot = DOTWriter(options: options).write(machine)
        let drawn = try renderer.parse(dot: dot)
        // The invisible ports that compound states' own transitions leave from have no group.
        let ports = dot.split(separator: "\n").filter { $0.contains("class=\"exit\"") }.count
        #expect(svg.nodeTitles.count == drawn.nodes.count - ports)
        #expect(svg.edgeCount == drawn.edges.count)
        // Compound states are clusters in both styles; every other state is one node.
        let compounds = machine.states.filter { machine.isCompound($0.id) }
        let leaves = machine.states.filter { !machine.isCompound($0.id) }
        for state in leaves {
            #expect(svg.nodeTexts.contains(state.displayName), "no node shows \(state.displayName)")
        }
        for compound in compounds { #expect(svg.clusterTexts.contains(compound.displayName)) }
        if style == .states {
            // Start points (top level and one per compound state with an initial child), a
            // label per labelled transition, choice diamonds and leaf states are the only nodes.
            let starts =
                1
                + compounds.filter { compound in
                    machine.children(of: compound.id).contains { machine.state($0)?.kind == .initial }
                }.count
            let drawn = machine.transitions.filter { !$0.isTargetless }
            let labels = drawn.filter { !DiagramText.transition($0, in: machine).isEmpty }.count
            let choices = drawn.filter { $0.targets.count > 1 }.count
            #expect(svg.nodeTitles.count == leaves.count + starts + labels + choices)
        } else {
            #expect(svg.nodeTitles.count == 1 + leaves.count + machine.events.count)
        }
    }

    @Test(arguments: samples)
    func pngHasSignatureAndSaneDimensions(sample: String) throws {
        let png = try renderer.render(machine(sample), format: .png)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(png[12..<16].elementsEqual(Array("IHDR".utf8)))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect((50...20_000).contains(width))
        #expect((50...20_000).contains(height))
    }

    @Test(arguments: samples)
    func pdfIsAPDF(sample: String) throws {
        let pdf = try renderer.render(machine(sample), format: .pdf)
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect(String(decoding: pdf.suffix(16), as: UTF8.self).contains("%%EOF"))
        #expect(pdf.count > 1000)
    }

    /// The same machine gives the same bytes in every format. Cairo stamps a PDF with the time
    /// it was made, to the second; the stamp is blanked, which the PDF's own bytes show without
    /// waiting for the clock to move on between two renders.
    @Test(arguments: RenderFormat.allCases)
    func renderingTwiceGivesTheSameBytes(format: RenderFormat) throws {
        let machine = try machine("tcp.json")
        let first = try renderer.render(machine, format: format)
        #expect(try renderer.render(machine, format: format) == first)
        if format == .pdf {
            #expect(first.count > 1_000)
            #expect(!String(decoding: first, as: UTF8.self).contains("/CreationDate ("), "the PDF still carries its creation time")
        }
    }

    /// The stamp is overwritten in place, so every offset in the PDF's cross-reference table
    /// still points where it did.
    @Test func theCreationDateIsBlankedInPlace() {
        let stamped = "<< /Producer (cairo) /CreationDate (D:20261127031100Z) >>"
        var pdf = Array(stamped.utf8)
        PDFCreationDate.blank(in: &pdf)
        #expect(pdf.count == stamped.utf8.count)
        #expect(String(decoding: pdf, as: UTF8.self) == "<< /Producer (cairo) " + String(repeating: " ", count: 33) + " >>")
        var unstamped = Array("%PDF-1.5 no date".utf8)
        PDFCreationDate.blank(in: &unstamped)
        #expect(unstamped == Array("%PDF-1.5 no date".utf8))
    }

    @Test func layoutDOTCarriesPositions() throws {
        let dot = try renderer.render(machine("ef-load-state.json"), format: .layoutDOT)
        let text = String(decoding: dot, as: UTF8.self)
        #expect(text.contains("pos=\""))
        #expect(text.contains("bb=\""))
    }

    @Test(arguments: LayoutEngine.allCases)
    func everyEngineLaysOutASample(engine: LayoutEngine) throws {
        let svg = try SVGStructure(renderer.render(machine("transporter-door.json"), format: .svg, engine: engine))
        #expect(!svg.nodeTitles.isEmpty)
    }

    /// Labels, events, guards, effects and titles that try to add markup stay text: the SVG
    /// parses as XML and, walking every element, holds no script, no event handler and no
    /// link, whether events are drawn beside edges or put in tooltips (attributes).
    @Test(arguments: [EdgeLabelPlacement.onEdges, .tooltips])
    func labelsCannotInjectMarkupIntoSVG(placement: EdgeLabelPlacement) throws {
        let hostile = "<script>alert(1)</script>"
        let attribute = "\" onload=\"alert(1)\" x=\""
        let machine = try Machine(
            name: "javascript:alert(1)", summary: "<![CDATA[<script>alert(1)</script>]]>",
            states: [
                State("A", label: hostile, kind: .initial, entryEffects: ["<![CDATA[<script>x</script>"]),
                State("B", label: "]]><svg onload=x>"), State("<a href='javascript:alert(1)'>C</a>", label: attribute),
            ],
            transitions: [
                Transition(from: "A", on: EventID(hostile), to: "B", guard: "a & b < c", effects: ["javascript:alert(1)"]),
                Transition(from: "B", on: EventID(attribute), to: "<a href='javascript:alert(1)'>C</a>", guard: "]]>"),
            ])
        for title in [nil, "<script>alert(1)</script>", "javascript:alert(document.cookie)", "<![CDATA[ x ]]>"] {
            var options = DOTOptions(title: title)
            options.edgeLabels = placement
            let svg = try SVGStructure(renderer.render(machine, options: options, format: .svg))
            #expect(!svg.hasScript, "\(svg.elementNames)")
            #expect(svg.eventHandlers.isEmpty)
            #expect(svg.links.isEmpty, "fsmviz sets no URLs, so Graphviz writes no links")
            #expect(svg.nodeTexts.contains(hostile))
            #expect(svg.nodeTexts.contains(attribute))
        }
    }

    @Test func graphvizErrorsBecomeSwiftErrorsNamingTheSubject() throws {
        #expect {
            try renderer.render(dot: "digraph { a -> }", format: .svg, subject: "machine 'Door'")
        } throws: { error in
            guard let error = error as? RenderError else { return false }
            return error.description.hasPrefix("Graphviz could not read the DOT for machine 'Door': ")
                && error.description.contains("syntax error in line 1")
        }
        // The parser must recover: the next render works.
        let svg = try SVGStructure(renderer.render(dot: "digraph { a -> b }", format: .svg))
        #expect(svg.nodeTitles == ["a", "b"])
        #expect(throws: RenderError.unknownEngine("nope", available: try renderer.availableEngines())) {
            try renderer.render(dot: "digraph { a }", format: .svg, engine: "nope")
        }
        let message = RenderError.unknownEngine("nope", available: ["dot", "neato"]).description
        #expect(message == "unknown layout engine 'nope'; available: dot, neato")
    }

    @Test func installationProvidesWhatFsmvizNeeds() throws {
        let engines = try renderer.availableEngines()
        // `auto` is fsmviz's choice among the others, not a Graphviz engine.
        for engine in LayoutEngine.allCases where engine != .auto { #expect(engines.contains(engine.rawValue)) }
        let formats = try renderer.availableFormats()
        for format in ["svg", "png", "pdf", "dot"] { #expect(formats.contains(format)) }
    }

    @Test func concurrentRendersAreSerializedSafely() async throws {
        let machine = try machine("tcp.json")
        let expected = try renderer.render(machine, format: .svg)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<16 {
                group.addTask { try GraphvizRenderer().render(machine, format: .svg) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }
}

@Suite struct LintOverlayRenderTests {
    @Test func svgShowsFindings() throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("broken.json").path)
        let svg = String(
            decoding: try GraphvizRenderer().render(machine, options: DOTOptions(highlights: DOTHighlights(linting: machine)), format: .svg), as: UTF8.self)
        let structure = try SVGStructure(Array(svg.utf8))
        #expect(structure.clusterTexts.contains("fsmviz lint"))
        #expect(structure.nodeTexts.contains("unreachable"))
        // Archived is drawn dashed and grey, Stuck outlined in red, the conflicting edges red.
        let archived = try #require(svg.range(of: "<title>Archived</title>"))
        #expect(svg[archived.lowerBound...].prefix(600).contains("stroke-dasharray"))
        let stuck = try #require(svg.range(of: "<title>Stuck</title>"))
        #expect(svg[stuck.lowerBound...].prefix(400).contains("stroke=\"#d62728\""))
        #expect(svg.components(separatedBy: "stroke=\"#d62728\"").count - 1 >= 4)
    }
}
