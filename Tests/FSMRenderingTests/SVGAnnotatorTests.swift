import FSMCore
import Testing

@testable import FSMRendering

/// The annotator rewrites only a group's opening line and the `<title>` right after it, and
/// passes every other byte through, line breaks included.
@Suite struct SVGAnnotatorTests {
    static func machine() throws -> Machine {
        try Machine(
            name: "Door", states: [State("Open", kind: .initial), State("Shut")],
            transitions: [Transition(from: "Open", on: "close", to: "Shut")])
    }

    func annotated(_ lines: [String]) throws -> String {
        let svg = Array(lines.joined(separator: "\n").utf8)
        return String(decoding: SVGAnnotator(machine: try Self.machine()).annotate(svg), as: UTF8.self)
    }

    @Test func groupsOfStatesAndTransitionsGainTheirDataAndTitles() throws {
        let output = try annotated([
            "<svg>",
            "<g id=\"state-Open\" class=\"node\">",
            "<title>Open</title>",
            "<g id=\"transition&#45;0\" class=\"edge\">",
            "<title>Open&#45;&gt;Shut</title>",
            "<path d=\"M0,0\"/>",
            // A carriage return and line feed is one character to Swift's strings, which the
            // annotator once split lines with: the title runs on to the next line feed.
            "<g id=\"state-Shut\" class=\"node\">",
            "<title>Sh\r\nut</title>",
            "</svg>",
        ])
        #expect(
            output
                == [
                    "<svg>",
                    "<g id=\"state-Open\" class=\"node\" data-state=\"Open\">",
                    "<title>Open</title>",
                    "<g id=\"transition&#45;0\" class=\"edge\" data-transition=\"0\" data-source=\"state-Open\" "
                        + "data-targets=\"state-Shut\" data-event=\"close\">",
                    "<title>Open → Shut: close</title>",
                    "<path d=\"M0,0\"/>",
                    "<g id=\"state-Shut\" class=\"node\" data-state=\"Shut\">",
                    "<title>Shut</title>",
                    "</svg>",
                ].joined(separator: "\n"))
    }

    @Test func everythingElsePassesThroughByteForByte() throws {
        // A title not right after an annotated group, an unknown group, empty lines, carriage
        // returns, and no final line break.
        let lines = [
            "", "<title>Open</title>", "<g id=\"graph0\" class=\"graph\">", "<title>Door</title>",
            "<text>a\r", "<g id=\"state-Open\" class=\"node\">\r", "<title>x</title>", "", "",
        ]
        let input = lines.joined(separator: "\n")
        #expect(try annotated(lines) == input)
    }
}
