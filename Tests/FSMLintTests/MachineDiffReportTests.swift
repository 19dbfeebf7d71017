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
        #expect(
            markdown.contains(
                "x\\]\\(https:\u{200B}//evil.example\\)&lt;img src=x onerror=alert\\(1\\)&gt;\\\\n\\#\u{200B}\\#\u{200B}\\#\u{200B} forged \\`code\\` \\| cell")
        )
        #expect(markdown.hasSuffix("![What changed in new\\\\nname.json](<door%20diff%3E.svg>)\n"))
        // Every line is the report's own: a heading, the table, list items, the picture.
        for line in markdown.split(separator: "\n") {
            #expect(line.hasPrefix("#") || line.hasPrefix("|") || line.hasPrefix("- ") || line.hasPrefix("!["), "\(line)")
        }
    }

    /// What GitHub links or renders in a comment's text, beyond Markdown's own syntax: URL and
    /// e-mail autolinks, mentions, issue and commit references, math, HTML and emphasis. None of
    /// it survives in a state's or an event's name.
    @Test func markdownKeepsGitHubFromLinkingOrRenderingNames() throws {
        let names = [
            "https://evil.example/x", "www.evil.example", "@team", "@org/team", "owner/repo#1", "#12", "GH-12", "me@evil.example",
            "deadbeef1234567", "$x^2$", "$$\\sum$$", "<b>bold</b>", "**strong** _em_ ~~gone~~",
        ]
        let old = try Machine(states: [State("A", kind: .initial)], transitions: [])
        let new = try Machine(
            states: [State("A", kind: .initial)] + names.map { State(StateID($0)) },
            transitions: names.map { Transition(from: "A", on: EventID($0), to: StateID($0)) })
        let markdown = MachineDiffReport(oldPath: "old.json", newPath: "new.json", diff: MachineDiff(from: old, to: new)).render(.markdown)
        // The entity `$` becomes is the one text with a digit after `#` or a `$`.
        let plain = markdown.replacing("&#36;", with: "")
        let linked = [#"https?://"#, #"(?i)www\."#, #"@[A-Za-z0-9]"#, #"#[0-9]"#, #"(?i)GH-[0-9]"#, #"\b[0-9a-fA-F]{7,}\b"#, #"\$"#, "<b>", #"[^\\][*_~]"#]
        for pattern in linked {
            #expect(plain.firstMatch(of: try Regex(pattern)) == nil, "\(pattern) in \(markdown)")
        }
        // Each name reads as written once the zero-width spaces are dropped.
        let shown = markdown.filter { $0 != "\u{200B}" }
        #expect(shown.contains("- added state owner/repo\\#1\n"), "\(markdown)")
        #expect(shown.contains("- added state &#36;x^2&#36;\n"), "\(markdown)")
    }

    @Test func textIsOneLinePerChange() throws {
        let text = try Self.report().render(.text)
        #expect(text.split(separator: "\n").count == 1 + 3)
        #expect(text.hasPrefix("old.json -> new\\nname.json: 1 state added, 1 transition added, 1 event added\n"))
    }
}
