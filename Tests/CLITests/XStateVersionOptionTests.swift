import Foundation
import TestSupport
import Testing

/// `--xstate-version` decides how an XState config is read where its keys do not say.
@Suite struct XStateVersionOptionTests {
    /// A compound state without `initial`, and no key only one version has.
    static let config = """
        {"id": "watch", "initial": "alive", "states": {
          "alive": {"states": {"displays": {"on": {"a": "alarm"}}, "alarm": {}}, "on": {"die": "dead"}},
          "dead": {"type": "final"}
        }}
        """

    @Test func theVersionDecidesWhatACompoundWithoutInitialMeans() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-xstate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("watch.json").path
        try Data(Self.config.utf8).write(to: URL(fileURLWithPath: file))

        let five = try CommandRunner.run(["lint", file])
        #expect(five.status == 2)
        #expect(five.stdoutText.contains("has child states but no 'initial'; XState requires one"))
        let four = try CommandRunner.run(["lint", file, "--xstate-version", "4"])
        #expect(four.stdoutText.contains("XState v4 enters it with no child active"), "\(four.stdoutText)")
        #expect(four.status != 2)
        let rendered = try CommandRunner.run(["dot", file, "--xstate-version", "4", "--quiet"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let wrong = try CommandRunner.run(["lint", file, "--xstate-version", "6"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--xstate-version takes 4 or 5, not 6"))
    }
}
