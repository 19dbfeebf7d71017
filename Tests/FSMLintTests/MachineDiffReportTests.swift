import FSMAnalysis
import FSMCore
import FSMLint
import Testing

/// What a machine's texts can do to a diff report: nothing but appear in it.
@Suite struct MachineDiffReportTests {
    static let hostile = "x](https://evil.example)<img src=x onerror=alert(1)>\n### forged `code` | cell"

    static func report() throws -> MachineDiffReport {
        let old = try Machine(states: [State("A", kind: .initial)], transitions: [])
        let new = try Machine(
            states: [State("A", kind: .initial), State(StateID(Self.hostile), label: Self.hostile)],
            transitions: [Transition(from: "A", on: EventID(Self.hostile), to: StateID(Self.hostile), guard: Self.hostile)])
        return MachineDiffReport(
            oldPath: "old.json", newPath: "new\nname.json", diff: MachineDiff(from: old, to: new), picture: "door diff>.svg")
    }

    @Test func markdownKeepsMachineTextsFromBeingMarkup() throws {
        let markdown = try Self.report().render(.markdown)
        #expect(!markdown.contains("<img"))
        #expect(!markdown.contains("](https"))
        #expect(!markdown.contains("\n### forged"))
        #expect(markdown.contains("x\\]\\(https://evil.example\\)&lt;img src=x onerror=alert\\(1\\)&gt;\\\\n\\#\\#\\# forged \\`code\\` \\| cell"))
        #expect(markdown.hasSuffix("![What changed in new\\\\nname.json](<door%20diff%3E.svg>)\n"))
        // Every line is the report's own: a heading, the table, list items, the picture.
        for line in markdown.split(separator: "\n") {
            #expect(line.hasPrefix("#") || line.hasPrefix("|") || line.hasPrefix("- ") || line.hasPrefix("!["), "\(line)")
        }
    }

    @Test func textIsOneLinePerChange() throws {
        let text = try Self.report().render(.text)
        #expect(text.split(separator: "\n").count == 1 + 3)
        #expect(text.hasPrefix("old.json -> new\\nname.json: 1 state added, 1 transition added, 1 event added\n"))
    }
}
