import FSMCore
import Foundation
import TestSupport
import Testing

@Suite struct ConvertCommandTests {
    static let corpus = Golden.fetchedCorpusDirectory.path

    @Test func scxmlToYAMLAndBackGivesTheSameMachineFile() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let yaml = directory.appendingPathComponent("test576.yaml").path
        let scxml = directory.appendingPathComponent("again.scxml").path
        let yamlAgain = directory.appendingPathComponent("again.yaml").path
        let first = try CommandRunner.run(["convert", "\(Self.corpus)/w3c-irp/mandatory/test576.scxml", "-o", yaml])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try CommandRunner.run(["convert", yaml, "-o", scxml]).status == 0)
        #expect(try CommandRunner.run(["convert", scxml, "-o", yamlAgain]).status == 0)
        #expect(try String(contentsOfFile: yaml, encoding: .utf8) == String(contentsOfFile: yamlAgain, encoding: .utf8))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["test576.yaml", "again.scxml", "again.yaml"])
    }

    /// A success says, in one line on standard error, what it wrote (not with `--quiet`).
    @Test func convertAndLintDashOSayWhatTheyWrote() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let yaml = directory.appendingPathComponent("door.yaml").path
        let report = directory.appendingPathComponent("door.sarif").path
        let each = directory.appendingPathComponent("each").path + "/"
        for (arguments, line) in [
            (["convert", "samples/door.scxml", "-o", yaml], "wrote \(yaml)\n"),
            (["convert", "samples/swift", "-o", each], "wrote 2 files into \(each)\n"),
            (["lint", "samples/door.json", "--format", "sarif", "-o", report], "wrote \(report)\n"),
        ] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 0 && result.stderr == line, "\(arguments): \(result.stderr)")
            let quiet = try CommandRunner.run(arguments + ["--quiet"])
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(arguments) --quiet: \(quiet.stderr)")
        }
    }

    @Test func targetlessAndInternalTransitionsRoundTripThroughSCXML() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let yaml = directory.appendingPathComponent("editor.yaml")
        try """
        version: 1
        initial: Editor
        states:
          - id: Editor
            initial: Clean
          - id: Clean
            parent: Editor
          - id: Dirty
            parent: Editor
        transitions:
          - from: Clean
            event: type
            to: Dirty
          - from: Editor
            event: tick
            effects: autosave
          - from: Editor
            event: revert
            to: Clean
            type: internal
          - from: Editor
            event: reload
            to: Clean

        """.write(to: yaml, atomically: true, encoding: .utf8)
        // machine file → SCXML → machine file → SCXML → machine file.
        let paths = ["a.scxml", "b.yaml", "c.scxml", "d.yaml"].map { directory.appendingPathComponent($0).path }
        for (input, output) in zip([yaml.path] + paths.dropLast(), paths) {
            let result = try CommandRunner.run(["convert", input, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let scxml = try String(contentsOfFile: paths[0], encoding: .utf8)
        #expect(scxml.contains(#"<transition event="revert" target="Clean" type="internal"/>"#), "\(scxml)")
        #expect(scxml.contains(#"<transition event="tick">"#), "\(scxml)")
        #expect(try String(contentsOfFile: paths[2], encoding: .utf8) == scxml)
        #expect(try String(contentsOfFile: paths[3], encoding: .utf8) == String(contentsOfFile: paths[1], encoding: .utf8))
        let original = try MachineFileLoader.load(path: yaml.path)
        #expect(MachineModel(try MachineFileLoader.load(path: paths[1])) == MachineModel(original))
        #expect(original.transitions.map(\.isTargetless) == [false, true, false, false])
    }

    @Test func formatsComeFromExtensionsOrFromAndTo() throws {
        let mermaid = try CommandRunner.run(["convert", "samples/ef-load-state.json", "-o", "-", "--to", "mermaid"])
        #expect(mermaid.status == 0, "\(mermaid.stderr)")
        #expect(mermaid.stdoutText.contains("stateDiagram-v2\n"))
        let directory = try CommandRunner.temporaryDirectory()
        let puml = directory.appendingPathComponent("door.puml").path
        #expect(try CommandRunner.run(["convert", "samples/transporter-door.json", "-o", puml]).status == 0)
        #expect(try String(contentsOfFile: puml, encoding: .utf8).hasPrefix("@startuml\n"))
        let xstate = #"{"id": "toggle", "initial": "off", "states": {"off": {"on": {"TOGGLE": "on"}}, "on": {"on": {"TOGGLE": "off"}}}}"#
        let fromStandardInput = try CommandRunner.run(["convert", "-", "--from", "xstate", "-o", "-", "--to", "json"], stdin: Array(xstate.utf8))
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.stderr)")
        #expect(fromStandardInput.stdoutText.contains(#""initial": "off""#))
    }

    @Test func importAndExportWarningsGoToStandardError() throws {
        let result = try CommandRunner.run(["convert", "samples/ef-load-state.json", "-o", "-", "--to", "scxml"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("<stdout>: warning: transition Loading --FinishLoading--> Complete | Failed picks one target at run time"))
        let scxml = try CommandRunner.run(["convert", Golden.corpusFile("own-machines/calculator.scxml").path, "-o", "-", "--to", "yaml"])
        #expect(scxml.status == 0)
        #expect(scxml.stderr.contains("calculator.scxml:4:5: warning: <datamodel> is not analysed"))
        // sismic's priorities rank transitions that no other format can rank.
        guard Golden.requireCorpus() else { return }
        let sismic = try CommandRunner.run(["convert", Golden.corpusFile("sismic-tests/priority.yaml").path, "-o", "-", "--to", "yaml"])
        #expect(sismic.status == 0)
        #expect(sismic.stderr.contains("<stdout>: warning: sismic's transition priorities are not kept"), "\(sismic.stderr)")
    }

    @Test func mistakesHaveClearMessagesAndStatuses() throws {
        let unknownOutput = try CommandRunner.run(["convert", "samples/tcp.json", "-o", "tcp.txt"])
        #expect(unknownOutput.status == 2)
        #expect(unknownOutput.stderr.contains("cannot tell the output format from 'tcp.txt'"))
        let writeOnly = try CommandRunner.run(["convert", "samples/tcp.json", "--from", "mermaid", "-o", "-", "--to", "json"])
        #expect(writeOnly.status == 2)
        #expect(writeOnly.stderr.contains("The value 'mermaid' is invalid for '--from <format>'"))
        let readOnly = try CommandRunner.run(["convert", "samples/tcp.json", "-o", "-", "--to", "xstate"])
        #expect(readOnly.status == 2)
        let missing = try CommandRunner.run(["convert", "missing.scxml", "-o", "-", "--to", "json"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "missing.scxml: error: no such file\n")
        let spaced = try CommandRunner.run(
            ["convert", "-", "-o", "-", "--to", "scxml"], stdin: Array(#"{"initial": "a b", "states": ["a b"], "transitions": []}"#.utf8))
        #expect(spaced.status == 3)
        #expect(spaced.stderr.contains("state id 'a b' contains white space"))
    }

    @Test func renderDotAndLintReadSCXMLAndXStateDirectly() throws {
        let dot = try CommandRunner.run(["dot", "\(Self.corpus)/w3c-irp/mandatory/test576.scxml"])
        #expect(dot.status == 0)
        #expect(dot.stdoutText.contains("style=\"dashed,rounded\""))
        let config = Golden.packageRoot.appendingPathComponent("Tests/FSMInteropTests/Fixtures/xstate/payment.json").path
        let render = try CommandRunner.run(["render", config, "-o", "-", "--format", "svg"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdoutText.contains(">H</text>"))
        let lint = try CommandRunner.run(["lint", Golden.ownMachinesDirectory.path, "--format", "json"])
        #expect(lint.status == 0)
        #expect(lint.stdoutText.contains(#""rule": "fsmviz/unsupported-content""#))
        #expect(lint.stdoutText.contains(#""files": 6"#))
    }

    /// SCXML files must be UTF-8; a declaration naming another encoding made libxml2 try to
    /// convert and print its conversion errors to standard error (found by fuzzing).
    @Test(arguments: ["UTF-32", "UCS-4", "UTF-16", "ISO-8859-1", "UTF-1"])
    func scxmlIsReadAsUTF8WhateverItsDeclarationSays(encoding: String) throws {
        let text = """
            <?xml version="1.0" encoding="\(encoding)"?>
            <scxml xmlns="http://www.w3.org/2005/07/scxml" initial="é"><state id="é"><transition event="go" target="é"/></state></scxml>
            """
        let result = try CommandRunner.run(["dot", "-"], stdin: Array(text.utf8))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdoutText.contains("\"é\" -> transition_0_label"), "\(result.stdoutText)")
    }

    /// NUL bytes at the start made libxml2 guess UTF-16 or UCS-4 and print conversion errors
    /// to standard error (found by fuzzing); XML allows no NUL anywhere.
    @Test(arguments: [[0, 0, 0, 0x3C], [0x3C, 0, 0, 0], [0, 0x3C, 0, 0], [0, 0, 0x3C, 0], [0x3C, 0, 0x3F, 0]] as [[UInt8]])
    func nulBytesAreAnErrorAtTheirPosition(start: [UInt8]) throws {
        let file = try CommandRunner.temporaryDirectory().appendingPathComponent("nul.scxml")
        try Data(start + Array(#"scxml xmlns="http://www.w3.org/2005/07/scxml"/>"#.utf8)).write(to: file)
        let result = try CommandRunner.run(["lint", file.path])
        let column = (start.firstIndex(of: 0) ?? 0) + 1
        #expect(result.status == 2)
        #expect(
            result.stdoutText.hasPrefix("\(file.path):1:\(column): error: not well-formed XML: a NUL character, which XML does not allow\n"),
            "\(result.stdoutText)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
