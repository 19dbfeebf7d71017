import Foundation
import TestSupport
import Testing

/// `fsmviz render` to the HTML viewer: chosen by the output's extension or `--format html`.
@Suite struct HTMLRenderCommandTests {
    @Test(arguments: ["flow.html", "flow.htm"])
    func theExtensionChoosesTheViewer(name: String) throws {
        let directory = try CommandRunner.temporaryDirectory()
        let output = directory.appendingPathComponent(name)
        let result = try CommandRunner.run(["render", "samples/tcp.json", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: output, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains(#"data-state="LISTEN""#))
        #expect(page.contains(#""findings":[]"#), "findings without --lint")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [name])
    }

    @Test func formatHTMLWritesThePageToStandardOutputWithLintFindings() throws {
        let result = try CommandRunner.run(["render", "samples/broken.json", "-o", "-", "--format", "html", "--lint"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdoutText.contains(#"{"rule":""#), "no findings listed with --lint")
    }

    /// Findings on the drawing and in the page are `lint`'s, by the rules of the format the
    /// machine was read from (in SCXML the first of two transitions on one event wins, so the
    /// second is shadowed, where a machine file's rules, which `render --lint` applied, call
    /// the pair a conflict) and the settings of the `.fsmviz.yml` that governs it.
    @Test func lintFindingsFollowTheFormatsRules() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let input = directory.appendingPathComponent("two.scxml")
        try """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
          <state id="a"><transition event="go" target="b"/><transition event="go" target="c"/></state>
          <state id="b"><transition event="back" target="a"/></state><final id="c"/>
        </scxml>
        """.write(to: input, atomically: true, encoding: .utf8)
        let page = try CommandRunner.run(["render", input.path, "-o", "-", "--format", "html", "--lint"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdoutText.contains(#"{"rule":"shadowed-transition""#), "\(page.stdoutText.suffix(2000))")
        #expect(!page.stdoutText.contains("nondeterministic-trigger"))
        let drawing = try CommandRunner.run(["render", input.path, "-o", "-", "--format", "svg", "--lint"])
        #expect(drawing.status == 0, "\(drawing.stderr)")
        #expect(!drawing.stdoutText.contains("nondeterministic"), "the drawing marks the pair as a conflict")
        // The `.fsmviz.yml` that governs the file applies, as it does to `lint`.
        try "disable: [shadowed-transition]\n".write(to: directory.appendingPathComponent(".fsmviz.yml"), atomically: true, encoding: .utf8)
        let configured = try CommandRunner.run(["render", input.path, "-o", "-", "--format", "html", "--lint"])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(!configured.stdoutText.contains("shadowed-transition"), "a rule the configuration disables is listed")
    }

    @Test func severalInputsIntoADirectoryEachGetAPage() throws {
        let directory = try CommandRunner.temporaryDirectory().appendingPathComponent("pages")
        let result = try CommandRunner.run([
            "render", "samples/tcp.json", "samples/dd-sync.yaml", "--format", "html", "-o", directory.path + "/",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["dd-sync.html", "tcp.html"])
    }

    @Test func anUnknownExtensionNamesHTMLAmongTheFormats() throws {
        let result = try CommandRunner.run(["render", "samples/tcp.json", "-o", "flow.xhtml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'.html'"), "\(result.stderr)")
    }
}
