import Foundation
import TestSupport
import Testing

/// `fsmviz sync`: Markdown blocks and images kept drawn from machine files, and `--check`.
@Suite struct SyncCommandTests {
    static let guide = """
        # Door

        <!-- fsmviz: ../machines/door.json -->
        ```mermaid
        stale
        ```

        Drawn:

        <!-- fsmviz: ../machines/door.json -->
        ![The door](images/door.svg)

        <!-- fsmviz: ../machines/door.json -->
        <picture>
          <source media="(prefers-color-scheme: dark)" srcset="images/door-dark.svg">
          <img alt="The door" src="images/door-light.svg">
        </picture>

        The end. An example in a code block is not a marker:

        ````markdown
        <!-- fsmviz: ../machines/door.json -->
        ```mermaid
        ```
        ````

        """

    static func machine(_ target: String) -> String {
        #"{"initial": "Closed", "states": ["Closed", "\#(target)"], "transitions": [{"from": "Closed", "event": "open", "to": "\#(target)"}]}"#
    }

    func workspace() throws -> URL {
        let root = try CommandRunner.temporaryDirectory()
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("machines"), withIntermediateDirectories: true)
        try Data(Self.guide.utf8).write(to: root.appendingPathComponent("docs/guide.md"))
        try Data(Self.machine("Open").utf8).write(to: root.appendingPathComponent("machines/door.json"))
        return root
    }

    func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    @Test func checkReportsStaleBlocksAndChangesNothingThenSyncUpdatesThem() throws {
        let root = try workspace()
        let guide = root.appendingPathComponent("docs/guide.md")
        let check = try CommandRunner.run(["sync", "--check", "docs/guide.md"], in: root)
        #expect(check.status == 1, "\(check.stderr)")
        for stale in [
            "docs/guide.md:3: stale: the mermaid block", "docs/guide.md:10: stale: images/door.svg",
            "docs/guide.md:13: stale: images/door-light.svg", "docs/guide.md:13: stale: images/door-dark.svg",
        ] {
            #expect(check.stderr.contains(stale), "\(check.stderr)")
        }
        #expect(text(guide) == Self.guide)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("docs/images").path))

        let sync = try CommandRunner.run(["sync", "docs/guide.md"], in: root)
        #expect(sync.status == 0, "\(sync.stderr)")
        let mermaid = try CommandRunner.run(["convert", "machines/door.json", "--to", "mermaid", "-o", "-"], in: root)
        let expected = Self.guide.replacingOccurrences(of: "stale\n", with: mermaid.stdoutText)
        #expect(text(guide) == expected)
        let light = text(root.appendingPathComponent("docs/images/door.svg"))
        #expect(light.contains(#"data-state="Open""#))
        #expect(text(root.appendingPathComponent("docs/images/door-light.svg")) == light)
        let dark = text(root.appendingPathComponent("docs/images/door-dark.svg"))
        #expect(dark.contains(#"data-state="Open""#) && dark.lowercased().contains("#2d3b4e") && !light.lowercased().contains("#2d3b4e"))

        let again = try CommandRunner.run(["sync", "--check", "docs/guide.md"], in: root)
        #expect(again.status == 0 && again.stderr == "checked 1 file: every diagram is up to date\n", "\(again.stderr)")

        try Data(Self.machine("Ajar").utf8).write(to: root.appendingPathComponent("machines/door.json"))
        let changed = try CommandRunner.run(["sync", "--check", "docs/guide.md"], in: root)
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("4 stale"), "\(changed.stderr)")
        #expect(try CommandRunner.run(["sync", "docs/guide.md"], in: root).status == 0)
        #expect(text(guide).contains("Ajar") && text(root.appendingPathComponent("docs/images/door-dark.svg")).contains("Ajar"))
    }

    @Test func thisRepositorysMarkedDiagramsAreUpToDate() throws {
        let documents = try FileManager.default.contentsOfDirectory(atPath: Golden.packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let result = try CommandRunner.run(["sync", "--check", "README.md"] + documents)
        #expect(result.status == 0, "run 'fsmviz sync README.md docs/*.md' and commit what it changes:\n\(result.stderr)")
    }

    /// The Markdown file is read under the same limit as the machines, `--max-file-size`.
    @Test func theMarkdownFileIsReadUnderTheFileSizeLimit() throws {
        let root = try workspace()
        let check = try CommandRunner.run(["sync", "--check", "--max-file-size", "300", "docs/guide.md"], in: root)
        #expect(check.status == 2, "\(check.stderr)")
        #expect(check.stderr.contains("docs/guide.md") && check.stderr.contains("300 bytes"), "\(check.stderr)")
        let lifted = try CommandRunner.run(["sync", "--check", "--no-limit", "docs/guide.md"], in: root)
        #expect(lifted.status == 1, "\(lifted.stderr)")
    }

    @Test func aMarkerWithNothingToKeepOrABrokenMachineIsAnErrorWithItsLine() throws {
        let root = try workspace()
        try Data(
            """
            <!-- fsmviz: ../machines/door.json -->
            Just text.

            <!-- fsmviz: ../machines/missing.json -->
            ![x](x.svg)

            <!-- fsmviz: ../machines/door.json -->
            ```mermaid
            """.utf8
        ).write(to: root.appendingPathComponent("docs/bad.md"))
        let result = try CommandRunner.run(["sync", "docs/bad.md"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("docs/bad.md:1:1: error: an fsmviz comment must be followed by"), "\(result.stderr)")
        #expect(result.stderr.contains("docs/bad.md:8:1: error: the mermaid block after the fsmviz comment has no closing"), "\(result.stderr)")
        #expect(result.stderr.contains("docs/../machines/missing.json: error:") && result.stderr.contains("(named at docs/bad.md:4)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("docs/x.svg").path))
    }

    /// `--machine NAME` after a Swift file names one of the machines it holds; markers in one
    /// Markdown file may name different ones, and a name the file lacks is an error at its line.
    @Test func aMarkerNamesOneMachineOfASwiftFile() throws {
        let root = try workspace()
        let styles = Golden.packageRoot.appendingPathComponent(SwiftSourceCommandTests.styles)
        let texts = try ["transition-function/AuthResolver.swift", "transition-function/Player.swift"].map {
            try String(contentsOf: styles.appendingPathComponent($0), encoding: .utf8)
        }
        try Data(texts.joined(separator: "\n").utf8).write(to: root.appendingPathComponent("machines/Flow.swift"))
        let guide = root.appendingPathComponent("docs/flow.md")
        try Data(
            """
            <!-- fsmviz: ../machines/Flow.swift --machine Player -->
            ```mermaid
            ```

            <!-- fsmviz: ../machines/Flow.swift --machine AuthResolver -->
            ![Sign-in](images/auth.svg)

            """.utf8
        ).write(to: guide)
        let result = try CommandRunner.run(["sync", "docs/flow.md"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(text(guide).contains("archived"), "\(text(guide))")
        let auth = text(root.appendingPathComponent("docs/images/auth.svg"))
        #expect(auth.contains("<title>AuthResolver</title>") || auth.contains("AuthResolver"), "\(auth.prefix(300))")
        #expect(!auth.contains("archived"))
        let again = try CommandRunner.run(["sync", "--check", "docs/flow.md"], in: root)
        #expect(again.status == 0, "\(again.stderr)")
        try Data("<!-- fsmviz: ../machines/Flow.swift --machine Playr -->\n![x](x.svg)\n".utf8).write(to: guide)
        let typo = try CommandRunner.run(["sync", "docs/flow.md"], in: root)
        #expect(typo.status == 2)
        #expect(
            typo.stderr.contains("no machine named 'Playr' here; did you mean 'Player'? (named at docs/flow.md:1)"), "\(typo.stderr)")
    }

    /// `--against REF` after the machine file keeps a drawing of what changed since that git
    /// revision: stale when the machine changes again, and an error for an unknown revision.
    @Test func aMarkerAgainstARevisionKeepsTheDrawingOfWhatChanged() throws {
        let scratch = try ScratchRepository()
        let repository = scratch.directory
        let machine = repository.appendingPathComponent("door.json")
        try Self.machine("Open").write(to: machine, atomically: true, encoding: .utf8)
        try scratch.git("add", "door.json")
        try scratch.git("commit", "-q", "-m", "door")
        try scratch.git("tag", "v1")
        try Self.machine("Ajar").write(to: machine, atomically: true, encoding: .utf8)
        let guide = repository.appendingPathComponent("guide.md")
        try "<!-- fsmviz: door.json --against v1 -->\n![What changed](changes.svg)\n".write(to: guide, atomically: true, encoding: .utf8)

        let stale = try CommandRunner.run(["sync", "--check", "guide.md"], in: repository)
        #expect(stale.status == 1, "\(stale.stderr)")
        let synced = try CommandRunner.run(["sync", "guide.md"], in: repository)
        #expect(synced.status == 0, "\(synced.stderr)")
        let svg = try String(contentsOf: repository.appendingPathComponent("changes.svg"), encoding: .utf8)
        #expect(svg.contains("state atomic added"), "the drawing marks no added state")
        #expect(svg.contains("state atomic removed"), "the drawing marks no removed state")
        #expect(svg.contains("cluster legend"))
        #expect(try CommandRunner.run(["sync", "--check", "guide.md"], in: repository).status == 0)

        try Self.machine("Broken").write(to: machine, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.run(["sync", "--check", "guide.md"], in: repository).status == 1)

        try "<!-- fsmviz: door.json --against no-such-tag -->\n![What changed](changes.svg)\n".write(to: guide, atomically: true, encoding: .utf8)
        let unknown = try CommandRunner.run(["sync", "guide.md"], in: repository)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("git does not know the revision 'no-such-tag'"))
        #expect(unknown.stderr.contains("guide.md:1: error: cannot draw what changed in door.json since 'no-such-tag'"))

        try "<!-- fsmviz: door.json --against v1 -->\n```mermaid\n```\n".write(to: guide, atomically: true, encoding: .utf8)
        let mermaid = try CommandRunner.run(["sync", "guide.md"], in: repository)
        #expect(mermaid.status == 2)
        #expect(mermaid.stderr.contains("guide.md:1:1: error: a drawing of what changed (--against) is an image link or a <picture>"))
    }
}
