import FSMCore
import FSMDOT
import FSMRendering
import Foundation
import PropertyBased
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Machines whose every text is hostile (``HostileMachine``: markup, character references to
/// characters XML forbids, Graphviz's `\G` escapes, controls, bidirectional overrides, emoji),
/// written as DOT, read and drawn by Graphviz, and the SVG read back by an XML parser: it must
/// be well-formed, and show each state's name and the title as written.
@Suite struct HostileRenderTests {
    /// `text` without white space, which Graphviz breaks lines at and XML attributes normalise.
    static func compact(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// Whether `needle` occurs in `haystack`, compared by scalars: a combining mark that
    /// starts one text would join the end of the one before it in a search by characters.
    static func occurs(_ needle: String, in haystack: String) -> Bool {
        let needle = Array(needle.unicodeScalars)
        let haystack = Array(haystack.unicodeScalars)
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// Every `<text>` and every tooltip of the SVG, read by an XML parser; `nil` when the SVG
    /// is not well-formed.
    static func textsAndTooltips(_ svg: [UInt8]) -> (texts: [String], tooltips: [String])? {
        let collector = TextCollector()
        let parser = XMLParser(data: Data(svg))
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse() else { return nil }
        return (collector.texts, collector.tooltips)
    }

    private final class TextCollector: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var tooltips: [String] = []
        private var inText = false

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if elementName == "text" {
                inText = true
                texts.append("")
            }
            if elementName == "a", let title = attributes["xlink:title"] { tooltips.append(title) }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if elementName == "text" { inText = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
    }

    @Test func everyHostileMachineIsDrawnAsWellFormedSVGWithItsTextsAsWritten() async {
        let renderer = GraphvizRenderer()
        await propertyCheck(count: TestScale.count(300), input: HostileMachine.machines, Gen.element(of: DOTStyle.allCases).compactMap { $0 }) {
            machine, style in
            let svg: [UInt8]
            do {
                svg = try renderer.render(machine, options: DOTOptions(style: style), format: .svg, engine: .dot)
            } catch {
                Issue.record("Graphviz could not draw the DOT written for \(machine): \(error)")
                return
            }
            guard let (texts, tooltips) = Self.textsAndTooltips(svg) else {
                Issue.record("not well-formed SVG for \(machine):\n\(String(decoding: svg, as: UTF8.self))")
                return
            }
            let shown = Self.compact(texts.joined() + tooltips.joined())
            for state in machine.states where state.pseudoState == nil {
                let name = Self.compact(DOTEscapingTests.expectedDisplay(state.displayName))
                #expect(Self.occurs(name, in: shown), "state \(state.displayName.debugDescription) is not shown as written: \(texts) \(tooltips)")
            }
            // The flow diagram draws a title only when asked (`--title`), tested below.
            if style == .states, let name = machine.name.map({ Self.compact(DOTEscapingTests.expectedDisplay($0)) }) {
                #expect(Self.occurs(name, in: Self.compact(texts.joined())), "title \(name.debugDescription) in \(texts)")
            }
        }
    }

    /// Graphviz copies identifiers into `<title>` elements and comments as they are, where the
    /// non-characters U+FFFE and U+FFFF, which XML forbids, would make the SVG ill-formed: a
    /// state or machine named with one is drawn under a generated identifier.
    @Test(arguments: DOTStyle.allCases)
    func nonCharactersInNamesKeepTheSVGWellFormed(style: DOTStyle) throws {
        let machine = try Machine(
            name: "M\u{FFFE}",
            states: [State("A", kind: .initial), State("B\u{FFFF}")],
            transitions: [Transition(from: "A", on: "go", to: "B\u{FFFF}")])
        let svg = try GraphvizRenderer().render(machine, options: DOTOptions(style: style), format: .svg)
        let parsed = Self.textsAndTooltips(svg)
        let texts = try #require(parsed, "not well-formed: \(String(decoding: svg, as: UTF8.self))").texts
        #expect(texts.contains("B\u{FFFD}"), "\(texts)")
    }

    /// `--title` goes into the SVG as written, character references to characters XML forbids
    /// and `&amp;` included.
    @Test func theTitleIsDrawnAsWritten() throws {
        let title = #"T &amp; &#0; &#1; &#xFFFE; &#55296; &#x110000; \G \N <b>"#
        let machine = try Machine(states: [State("a", kind: .initial)], transitions: [])
        for style in DOTStyle.allCases {
            let svg = try GraphvizRenderer().render(machine, options: DOTOptions(style: style, title: title), format: .svg)
            #expect(Self.textsAndTooltips(svg)?.texts.contains(title) == true, "\(style)")
        }
    }

    /// Above 2,500 transitions events move into tooltips, drawn by another engine: they still
    /// show what was written, Graphviz's `\G \E \T \H` escapes included.
    @Test func tooltipsOfAMachineAbove2500TransitionsShowTheirTextAsWritten() throws {
        let text = #"&amp; &#0; \G \E \T \H \N &#xFFFE; a\"#
        let states = (0..<60).map { State(StateID("s\($0)"), kind: $0 == 0 ? .initial : .normal) }
        let transitions = (0..<2_600).map { index in
            Transition(from: states[index % 60].id, on: EventID("e\(index) \(text)"), to: states[(index * 7 + 1) % 60].id)
        }
        let machine = try Machine(states: states, transitions: transitions)
        let svg = try GraphvizRenderer().render(machine, format: .svg)
        let tooltips = try #require(Self.textsAndTooltips(svg)).tooltips
        #expect(tooltips.contains("e5 \(text)"), "\(tooltips.prefix(5))")
    }
}
