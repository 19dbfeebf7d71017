import Foundation
import TestSupport
import Testing

/// `--from`, `.xml` SCXML, `.fsmviz.yml` silencing import warnings, and `--quiet`, on every
/// command that reads machines.
@Suite struct ReadingOptionsTests {
    /// An SCXML machine with content fsmviz does not model (a datamodel), which warns.
    static let scxml = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" initial="idle">
          <datamodel><data id="count" expr="0"/></datamodel>
          <state id="idle"><transition event="go" target="done"/></state>
          <final id="done"/>
        </scxml>
        """

    @Test func fromReadsAFileWhoseNameDoesNotSay() throws {
        let directory = try CommandRunner.temporaryDirectory(holding: ["machine.txt": Self.scxml])
        let path = directory.appendingPathComponent("machine.txt").path
        #expect(try CommandRunner.run(["dot", path]).status == 2, "the name says nothing")
        #expect(try CommandRunner.run(["dot", path, "--from", "scxml"]).stdoutText.contains("digraph"))
        #expect(try CommandRunner.run(["render", path, "--from", "scxml", "-o", "-", "--format", "svg"]).status == 0)
        #expect(try CommandRunner.run(["lint", path, "--from", "scxml"]).status == 0)
    }

    /// A file that is python-statemachine's or sismic's, read as such when `--from` says so,
    /// whatever its shape or name suggests.
    @Test(arguments: [
        ("python-statemachine", "states:\n  a: {}\n  b: {}\n", "state-a"),
        ("sismic", "statechart:\n  name: s\n  root state:\n    name: top\n    initial: a\n    states:\n      - name: a\n", "state-top"),
    ])
    func fromNamesPythonStateMachineAndSismic(format: String, text: String, state: String) throws {
        let directory = try CommandRunner.temporaryDirectory(holding: ["machine.txt": text])
        let path = directory.appendingPathComponent("machine.txt").path
        let dot = try CommandRunner.run(["dot", path, "--from", format])
        #expect(dot.status == 0, "\(dot.stderr)")
        #expect(dot.stdoutText.contains(state), "\(dot.stdoutText)")
    }

    @Test func xmlFilesAreReadAsSCXMLAndLintFindsOnlySCXMLOnes() throws {
        let directory = try CommandRunner.temporaryDirectory(holding: [
            "machines/door.xml": Self.scxml, "machines/pom.xml": "<project><modelVersion/></project>",
        ])
        let dot = try CommandRunner.run(["dot", directory.appendingPathComponent("machines/door.xml").path])
        #expect(dot.status == 0)
        #expect(dot.stdoutText.contains("state-idle"))
        let lint = try CommandRunner.run(["lint", directory.appendingPathComponent("machines").path])
        #expect(lint.status == 0, "\(lint.stdoutText)")
        #expect(lint.stdoutText.contains("door.xml"))
        #expect(!lint.stdoutText.contains("pom.xml"), "other XML is not a machine file")
    }

    @Test(arguments: [["dot"], ["render", "-o", "-", "--format", "svg"], ["convert", "-o", "-", "--to", "yaml"]])
    func importWarningsFollowTheConfigurationAndQuiet(command: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory(holding: ["machine.scxml": Self.scxml])
        let path = directory.appendingPathComponent("machine.scxml").path
        let arguments = [command[0], path] + command.dropFirst()
        let loud = try CommandRunner.run(arguments)
        #expect(loud.status == 0)
        #expect(loud.stderr.contains("machine.scxml:2:3: warning: ") && loud.stderr.contains("[fsmviz/unsupported-content]"), "\(loud.stderr)")
        let quiet = try CommandRunner.run(arguments + ["--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        try Data("disable: [fsmviz/unsupported-content]\n".utf8).write(to: directory.appendingPathComponent(".fsmviz.yml"))
        let configured = try CommandRunner.run(arguments)
        #expect(configured.status == 0)
        #expect(!configured.stderr.contains("unsupported-content"), "\(configured.stderr)")
    }

    @Test func quietLintLeavesOutTheClosingCount() throws {
        let loud = try CommandRunner.run(["lint", "samples/broken.json"])
        #expect(loud.stdoutText.contains("in 1 file"))
        let quiet = try CommandRunner.run(["lint", "samples/broken.json", "--quiet"])
        #expect(quiet.status == loud.status)
        #expect(!quiet.stdoutText.contains("in 1 file"))
        #expect(quiet.stdoutText.contains("[unreachable-state]"))
    }
}
