import FSMCore
import Testing

@testable import FSMDOT

@Suite struct DiagramTextTests {
    @Test func longLabelsWrapNearFortyCharactersAtSpacesOnly() {
        let text = "didGetCreds(result) [result has credentials] / isAuthorized = true, credentials = result"
        let lines = DiagramText.wrapped(text)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= DiagramText.width })
        #expect(lines.joined(separator: " ") == text, "only spaces become line breaks")
    }

    @Test func spacingAndLineBreaksSurviveAndLongWordsAreCut() {
        #expect(DiagramText.wrapped("  a  b ") == ["  a  b "])
        #expect(DiagramText.wrapped("one\ntwo") == ["one", "two"])
        let word = String(repeating: "x", count: 100)
        let cut = DiagramText.wrapped(word)
        #expect(cut.joined() == word)
        #expect(cut.allSatisfy { $0.count <= DiagramText.width })
    }

    @Test func compartmentsEscapeMarkup() {
        let html = DiagramText.compartments(title: ["<b>"], [["a & b", "\u{1}"]])
        #expect(html.contains("&lt;b&gt;"))
        #expect(html.contains("a &amp; b"))
        #expect(html.contains("\u{2401}"))
        #expect(!html.contains("\u{1}"))
    }
}

@Suite struct FlowDiagramHierarchyTests {
    static func nested() throws -> Machine {
        try Machine(
            name: "Nested",
            states: [State("Idle", kind: .initial), State("Busy"), State("Working", kind: .initial, parent: "Busy")],
            transitions: [Transition(from: "Idle", on: "go", to: "Busy"), Transition(from: "Busy", on: "stop", to: "Idle")])
    }

    @Test func compoundStatesAreClustersWithEdgesClippedAtTheirBorder() throws {
        let dot = DOTWriter(options: DOTOptions(style: .flowdiagram)).write(try Self.nested())
        #expect(dot.contains("subgraph cluster_0 {"))
        #expect(dot.contains("graph [label=\"Busy\"]"))
        #expect(!dot.contains("[label=\"Busy\", shape=box]"), "a compound state is not a loose box")
        #expect(dot.contains("[lhead=cluster_0]"))
        #expect(dot.contains("[ltail=cluster_0, arrowhead=none]"))
    }

    @Test func titleAndThemeApplyOnlyWhenGiven() throws {
        let machine = try Self.nested()
        let plain = DOTWriter(options: DOTOptions(style: .flowdiagram)).write(machine)
        #expect(!plain.contains("label=\"Nested\""))
        #expect(!plain.contains("fontname"))
        let styled = DOTWriter(options: DOTOptions(style: .flowdiagram, title: "Jobs", theme: .dark)).write(machine)
        #expect(styled.contains("label=\"Jobs\", labelloc=t"))
        #expect(styled.contains("bgcolor=\"#1E1E1E\""))
    }
}
