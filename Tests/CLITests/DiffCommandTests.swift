import Foundation
import TestSupport
import Testing

/// `fsmviz diff`: its reports, exit statuses, drawing, findings' delta and git revisions.
@Suite struct DiffCommandTests {
    static let cases = "Tests/FSMAnalysisTests/Fixtures/diff/"
    static let base = cases + "base.yaml"

    @Test(arguments: ["text", "json", "markdown"]) func reportMatchesGolden(format: String) throws {
        let result = try CommandRunner.run(
            ["diff", Self.base, Self.cases + "state-removed.yaml", "--format", format, "--lint"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let ext = ["text": "txt", "json": "json", "markdown": "md"][format] ?? format
        Golden.check(result.stdoutText, against: Golden.fixtures().appendingPathComponent("diff/state-removed.\(ext)"))
        let report = try CommandRunner.temporaryDirectory().appendingPathComponent("report.\(ext)")
        let toFile = try CommandRunner.run(
            ["diff", Self.base, Self.cases + "state-removed.yaml", "--format", format, "--lint", "--report", report.path])
        #expect(toFile.status == 1)
        #expect(toFile.stdout.isEmpty)
        #expect(try String(contentsOf: report, encoding: .utf8) == result.stdoutText)
    }

    @Test func exitsWithZeroForNoChangeAndOneForChanges() throws {
        let same = try CommandRunner.run(["diff", Self.base, Self.cases + "reordered-same-priority.yaml"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdoutText.hasSuffix(": no changes\n"))
        let changed = try CommandRunner.run(["diff", Self.base, Self.cases + "priority-changed.yaml"])
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stdoutText.contains(".yaml:18:5: changed transition Unlocked --open [forced]--> Broken: priority 2 -> 1\n"))
    }

    @Test func badInputExitsWithTwoAndItsPosition() throws {
        let invalid = "Tests/FSMCoreTests/Fixtures/invalid/duplicate-id.json"
        let result = try CommandRunner.run(["diff", invalid, Self.base])
        #expect(result.status == 2)
        #expect(result.stderr == "\(invalid):6:5: error: state 'Idle' is declared twice (first at 4:5)\n")
        #expect(result.stdout.isEmpty)
        let missing = try CommandRunner.run(["diff", Self.base, Self.cases + "missing.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix(Self.cases + "missing.yaml: error: "))
        let oneArgument = try CommandRunner.run(["diff", Self.base])
        #expect(oneArgument.status == 2)
    }

    @Test func unrelatedMachinesStillDiffWithAWarning() throws {
        let result = try CommandRunner.run(["diff", Self.base, Self.cases + "unrelated.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("warning: \(Self.base) and \(Self.cases)unrelated.yaml have no state in common"))
        let quiet = try CommandRunner.run(["diff", Self.base, Self.cases + "unrelated.yaml", "--quiet"])
        #expect(quiet.stderr.isEmpty)
    }

    /// Removing `Broken` leaves `kick` unused (a new warning) and ends the guards' overlap on
    /// `open` (a fixed warning): CI can fail on the new one only.
    @Test func failOnLooksAtIntroducedFindingsOnly() throws {
        let arguments = ["diff", Self.base, Self.cases + "state-removed.yaml", "--lint"]
        let warning = try CommandRunner.run(arguments + ["--fail-on", "warning"])
        #expect(warning.status == 1, "\(warning.stderr)")
        #expect(warning.stdoutText.contains("introduced warning: event 'kick' is declared but no transition is triggered by it [unused-event]"))
        let error = try CommandRunner.run(arguments + ["--fail-on", "error"])
        #expect(error.status == 0, "\(error.stderr)")
        let withoutLint = try CommandRunner.run(["diff", Self.base, Self.base, "--fail-on", "error"])
        #expect(withoutLint.status == 2)
    }

    @Test(arguments: [("svg", Array("<?xml".utf8)), ("png", [0x89, 0x50, 0x4E, 0x47]), ("pdf", Array("%PDF".utf8)), ("dot", Array("digraph".utf8))])
    func writesTheDrawing(ext: String, magic: [UInt8]) throws {
        let directory = try CommandRunner.temporaryDirectory()
        let output = directory.appendingPathComponent("door-diff.\(ext)")
        let result = try CommandRunner.run(["diff", Self.base, Self.cases + "state-removed.yaml", "-o", output.path])
        #expect(result.status == 1, "\(result.stderr)")
        let bytes = try Data(contentsOf: output)
        #expect(bytes.starts(with: magic))
        if ext == "svg" || ext == "dot" {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("state atomic removed") || text.contains("state final removed"))
            #expect(text.contains("transition removed"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["door-diff.\(ext)"])
    }

    @Test func againstReadsTheOldVersionFromGit() throws {
        let scratch = try ScratchRepository()
        let repository = scratch.directory
        let machine = repository.appendingPathComponent("door.yaml")
        try FileManager.default.copyItem(at: Golden.packageRoot.appendingPathComponent(Self.base), to: machine)
        try scratch.git("add", "door.yaml")
        try scratch.git("commit", "-q", "-m", "door")
        let unchanged = try CommandRunner.run(["diff", "--against", "HEAD", machine.path])
        #expect(unchanged.status == 0, "\(unchanged.stderr)")

        try FileManager.default.removeItem(at: machine)
        try FileManager.default.copyItem(at: Golden.packageRoot.appendingPathComponent(Self.cases + "transition-added.yaml"), to: machine)
        let changed = try CommandRunner.run(["diff", "--against", "HEAD", "door.yaml", "-o", "door-diff.svg"], in: repository)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stdoutText.hasPrefix("HEAD:door.yaml -> door.yaml: 2 transitions added\n"))
        #expect(FileManager.default.fileExists(atPath: repository.appendingPathComponent("door-diff.svg").path))

        let unknown = try CommandRunner.run(["diff", "--against", "no-such-branch", machine.path])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("git does not know the revision 'no-such-branch'"))
        let untracked = repository.appendingPathComponent("light.yaml")
        try FileManager.default.copyItem(at: Golden.packageRoot.appendingPathComponent(Self.cases + "unrelated.yaml"), to: untracked)
        let notInRevision = try CommandRunner.run(["diff", "--against", "HEAD", untracked.path])
        #expect(notInRevision.status == 2)
        #expect(notInRevision.stderr.contains("git cannot show \(untracked.path) at 'HEAD'"))
    }

    /// Swift sources are read through the same reader as every command's, so they diff too.
    @Test func diffsSwiftSources() throws {
        let fixture = Golden.packageRoot.appendingPathComponent("Tests/FSMSwiftSourceTests/Fixtures/styles/mutating-methods/ConnectionStateMachine.swift")
        let source = try String(contentsOf: fixture, encoding: .utf8)
        let edited = source.replacingOccurrences(
            of: "case .idle:\n            self.state = .connecting(attempt: 1)", with: "case .idle:\n            self.state = .connected")
        #expect(edited != source, "the fixture no longer has the line this test edits")
        let directory = try CommandRunner.temporaryDirectory()
        for (name, text) in [("old", source), ("new", edited)] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(name), withIntermediateDirectories: true)
            try text.write(to: directory.appendingPathComponent("\(name)/ConnectionStateMachine.swift"), atomically: true, encoding: .utf8)
        }
        let result = try CommandRunner.run(
            ["diff", "old/ConnectionStateMachine.swift", "new/ConnectionStateMachine.swift"], in: directory)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdoutText.contains(
                "new/ConnectionStateMachine.swift:23:13: changed transition idle --connect--> connected: targets [connecting] -> [connected]\n"))
    }
}
