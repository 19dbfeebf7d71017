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
