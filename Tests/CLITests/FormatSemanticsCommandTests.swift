import Foundation
import TestSupport
import Testing

/// The command line's side of following each format's own rules: a misspelled SCXML element
/// fails every command with its position, and `--focus` given a state's label suggests the
/// state's id.
@Suite struct FormatSemanticsCommandTests {
    static func file(_ text: String, name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func aMisspelledSCXMLElementFailsLintRenderAndConvert() throws {
        let url = try Self.file(
            """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
              <state id="a">
                <transtion event="go" target="b"/>
              </state>
              <final id="b"/>
            </scxml>
            """, name: "door.scxml")
        let expected = "\(url.path):3:5: error: <transtion> is not an SCXML element; did you mean 'transition'?"
        let lint = try CommandRunner.run(["lint", url.path])
        #expect(lint.status == 2)
        #expect(lint.stdoutText.contains(expected), "\(lint.stdoutText)")
        for arguments in [["render", url.path, "-o", "-", "--format", "dot"], ["convert", url.path, "-o", "-", "--to", "yaml"]] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aFocusOnAStatesLabelSuggestsItsID() throws {
        let url = try Self.file(
            """
            initial: idle
            states:
              - {id: idle, label: Waiting for input}
              - {id: busy, label: Crunching numbers}
            transitions:
              - {from: idle, event: go, to: busy}
              - {from: busy, event: done, to: idle}
            """, name: "m.yaml")
        let exact = try CommandRunner.run(["dot", url.path, "--focus", "Crunching numbers"])
        #expect(exact.status == 2)
        #expect(exact.stderr == "\(url.path): error: cannot focus on 'Crunching numbers': the machine has no such state; did you mean 'busy'?\n")
        let close = try CommandRunner.run(["dot", url.path, "--focus", "Waiting for inptu"])
        #expect(close.stderr == "\(url.path): error: cannot focus on 'Waiting for inptu': the machine has no such state; did you mean 'idle'?\n")
    }
}
