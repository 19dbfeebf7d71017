import Foundation
import TestSupport
import Testing

/// Every shell example of README.md, docs/*.md and each subcommand's `--help` runs against the
/// built `fsmviz` in a project laid out as the examples assume (``DocWorkspace``), and exits,
/// and prints where the document shows output, as the document says.
@Suite struct DocExampleTests {
    /// README.md and every Markdown file in docs/, as paths in the repository.
    static let documents: [String] = {
        let docs =
            (try? FileManager.default.contentsOfDirectory(
                atPath: Golden.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The subcommands `fsmviz --help` lists.
    static func subcommands() -> [String] {
        let help = (try? CommandRunner.run(["--help"]).stdoutText) ?? ""
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            // A subcommand's name sits at the indentation of the list; its abstract's wrapped
            // lines sit further in.
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map { String($0) }
        }
    }

    static let reader: DocExampleReader = {
        var reader = DocExampleReader()
        for document in documents {
            let text = (try? String(contentsOf: Golden.packageRoot.appendingPathComponent(document), encoding: .utf8)) ?? ""
            reader.readMarkdown(text, name: document)
        }
        for command in subcommands() {
            reader.readHelp((try? CommandRunner.run([command, "--help"]).stdoutText) ?? "", command: command)
        }
        return reader
    }()

    @Test(arguments: reader.examples)
    func theExampleRunsAsTheDocumentSays(example: DocExample) throws {
        guard example.skipReason == nil else { return }
        let workspace = try DocWorkspace.copy()
        defer { try? FileManager.default.removeItem(at: workspace.deletingLastPathComponent()) }
        for problem in try example.check(in: workspace) {
            Issue.record("\(problem)")
        }
    }

    @Test func everyMarkerMatchesACommandAndEveryDocumentHasExamples() {
        #expect(Self.reader.problems == [])
        #expect(Self.subcommands().count >= 9, "fsmviz --help lists fewer subcommands than it has")
        for source in ["README.md", "docs/lint.md", "fsmviz render --help", "fsmviz lint --help"] {
            #expect(Self.reader.examples.contains { $0.source.hasPrefix(source) }, "no example read from \(source)")
        }
    }

    /// The check is worth something only if a wrong document fails it.
    @Test func aBrokenExampleAndAStaleMarkerFail() throws {
        var reader = DocExampleReader()
        reader.readMarkdown(
            """
            ```sh
            fsmviz render missing.json -o missing.svg
            fsmviz lint door.json
            ```

            <!-- doc-test: prints "fsmviz lint door.json" -->
            ```
            no problems in 2 files
            ```

            <!-- doc-test: skip "fsmviz watch": runs until stopped -->
            ```sh
            fsmviz render door.json -o door.svg
            ```

            <!-- doc-test: lints clean as "stuck.yaml" -->
            ```yaml
            initial: Idle
            states: [Idle, Stuck]
            transitions:
              - {from: Idle, event: start, to: Stuck}
            ```
            """, name: "broken.md")
        #expect(reader.problems.count == 1)
        #expect(reader.problems.first?.hasPrefix("broken.md:11:") == true)
        let workspace = try DocWorkspace.copy()
        defer { try? FileManager.default.removeItem(at: workspace.deletingLastPathComponent()) }
        let verdicts = try reader.examples.map { try $0.check(in: workspace) }
        #expect(verdicts.map(\.count) == [1, 0, 1, 0, 2])
        #expect(verdicts.first?.first?.contains("exited with status 2, not 0") == true)
    }
}
