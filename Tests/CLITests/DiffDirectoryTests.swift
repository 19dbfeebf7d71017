import Foundation
import TestSupport
import Testing

/// `fsmviz diff` of two directories, and of a directory against git: machine file by machine
/// file, renamed files followed, `.fsmviz.yml` applied to the findings' delta.
@Suite struct DiffDirectoryTests {
    static let cases = Golden.packageRoot.appendingPathComponent("Tests/FSMAnalysisTests/Fixtures/diff")

    /// Lays out `files` (path below `root` to a fixture case's name, or to text) in `root`.
    static func lay(_ files: [String: String], in root: URL) throws {
        for (path, source) in files {
            let destination = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if source.hasSuffix(".yaml") {
                try FileManager.default.copyItem(at: cases.appendingPathComponent(source), to: destination)
            } else {
                try source.write(to: destination, atomically: true, encoding: .utf8)
            }
        }
    }

    /// An old and a new directory: one machine changed, one renamed into another directory
    /// and changed, one added, one removed, one unchanged, and a file that is no machine.
    static func directories() throws -> URL {
        let root = try CommandRunner.temporaryDirectory()
        try lay(
            [
                "old/door.yaml": "base.yaml", "new/door.yaml": "state-added.yaml",
                "old/same.yaml": "base.yaml", "new/same.yaml": "base.yaml",
                "old/sub/moved.yaml": "base.yaml", "new/other/renamed.yaml": "transition-added.yaml",
                "new/light.yaml": "unrelated.yaml",
                "old/gone.yaml":
                    "version: 1\nname: Fan\ninitial: Still\nstates: [Still, Spinning]\ntransitions:\n  - {from: Still, event: start, to: Spinning}\n",
                "old/notes.txt": "not a machine", "new/notes.txt": "still not one",
            ], in: root)
        return root
    }

    @Test(arguments: ["text", "json", "markdown"]) func reportMatchesGolden(format: String) throws {
        let root = try Self.directories()
        let result = try CommandRunner.run(["diff", "old", "new", "--format", format, "--lint"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let ext = ["text": "txt", "json": "json", "markdown": "md"][format] ?? format
        Golden.check(result.stdoutText, against: Golden.fixtures().appendingPathComponent("diff/directories.\(ext)"))
    }

    @Test func exitStatusesAndOneDrawingPerChangedMachine() throws {
        let root = try Self.directories()
        let same = try CommandRunner.run(["diff", "old", "old"], in: root)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdoutText == "old -> old: no changes (4 machines unchanged)\n")
        let drawn = try CommandRunner.run(["diff", "old", "new", "-o", "drawings/"], in: root)
        #expect(drawn.status == 1, "\(drawn.stderr)")
        let drawings = root.appendingPathComponent("drawings")
        #expect(FileManager.default.fileExists(atPath: drawings.appendingPathComponent("door.yaml.svg").path))
        #expect(FileManager.default.fileExists(atPath: drawings.appendingPathComponent("other/renamed.yaml.svg").path))
        #expect(!FileManager.default.fileExists(atPath: drawings.appendingPathComponent("same.yaml.svg").path))
        let toAFile = try CommandRunner.run(["diff", "old", "new", "-o", "one.svg"], in: root)
        #expect(toAFile.status == 2)
        let fileAndDirectory = try CommandRunner.run(["diff", "old/door.yaml", "new"], in: root)
        #expect(fileAndDirectory.status == 2)
    }

    /// A Swift transition function over `states` (the first the start), moving along them on `next`.
    static func swiftMachine(_ name: String, states: [String]) -> String {
        let rows = zip(states, states.dropFirst()).map { "        case (.\($0), .next): return .\($1)" }
        return """
            enum \(name)State { case \(states.joined(separator: ", ")) }
            enum \(name)Event { case next, reset }
            struct \(name) {
                var state: \(name)State = .\(states[0])
                func step(_ state: \(name)State, _ event: \(name)Event) -> \(name)State {
                    switch (state, event) {
            \(rows.joined(separator: "\n"))
                    default: return state
                    }
                }
            }

            """
    }

    /// Swift sources in directories are read each side as its modules and their machines
    /// compared one by one: paired by name wherever their files went, then by likeness (a
    /// renamed type), the rest added or removed; each shown as `FILE#NAME`, changes at their line.
    @Test func swiftMachinesAreComparedOneByOne() throws {
        let root = try CommandRunner.temporaryDirectory()
        try Self.lay(
            [
                "old/Sources/Player.swift": Self.swiftMachine("Player", states: ["idle", "playing", "paused"]),
                "new/Sources/Moved/Player.swift": Self.swiftMachine("Player", states: ["idle", "playing", "paused", "stopped"]),
                "old/Sources/Door.swift": Self.swiftMachine("Door", states: ["closed", "open", "locked", "broken"]),
                "new/Sources/Door.swift": Self.swiftMachine("Gate", states: ["closed", "open", "locked", "broken"]),
                "old/Sources/Same.swift": Self.swiftMachine("Same", states: ["a", "b"]),
                "new/Sources/Same.swift": Self.swiftMachine("Same", states: ["a", "b"]),
                "new/Sources/Fan.swift": Self.swiftMachine("Fan", states: ["still", "spinning"]),
            ], in: root)
        let result = try CommandRunner.run(["diff", "old", "new"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == "old -> new: 2 machines renamed, 1 added, 1 unchanged", "\(result.stdoutText)")
        #expect(
            lines.contains("old/Sources/Player.swift#Player -> new/Sources/Moved/Player.swift#Player: 1 state added, 1 transition added"),
            "\(result.stdoutText)")
        #expect(
            lines.contains { $0.hasPrefix("new/Sources/Moved/Player.swift:") && $0.hasSuffix("added transition paused --next--> stopped") },
            "\(result.stdoutText)")
        #expect(lines.contains { $0.hasPrefix("old/Sources/Door.swift#Door -> new/Sources/Door.swift#Gate") }, "\(result.stdoutText)")
        #expect(lines.contains { $0.contains("new/Sources/Fan.swift#Fan") }, "\(result.stdoutText)")
        // A side whose sources do not parse is an input error that names the file and line.
        try "enum Broken {".write(to: root.appendingPathComponent("new/Sources/Broken.swift"), atomically: true, encoding: .utf8)
        let broken = try CommandRunner.run(["diff", "old", "new"], in: root)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("new/Sources/Broken.swift:1:"), "\(broken.stderr)")
    }

    @Test func anUnreadableMachineExitsWithTwoAndTheRestIsReported() throws {
        let root = try Self.directories()
        try Self.lay(["new/same.yaml": "states: [\n  - id: A\n  - id: A\n"], in: root)
        let result = try CommandRunner.run(["diff", "old", "new"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("new/same.yaml:"), "\(result.stderr)")
        #expect(result.stdoutText.contains("old/door.yaml -> new/door.yaml: 1 state added\n"))
    }

    /// Without git, a file one side lacks is paired with the most similar one the other side
    /// lacks, at least half alike; below that they stay an added and a removed machine.
    @Test func renamedFilesArePairedByLikeness() throws {
        let root = try CommandRunner.temporaryDirectory()
        try Self.lay(["old/a.yaml": "base.yaml", "old/b.yaml": "unrelated.yaml", "new/c.yaml": "unrelated.yaml", "new/d.yaml": "state-added.yaml"], in: root)
        let result = try CommandRunner.run(["diff", "old", "new"], in: root)
        #expect(result.status == 1)
        #expect(result.stdoutText.hasPrefix("old -> new: 2 machines renamed\n"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("old/a.yaml -> new/d.yaml: 1 state added\n"))
        #expect(result.stdoutText.contains("old/b.yaml -> new/c.yaml: no changes\n"))
    }

    @Test func againstARevisionFollowsGitsRenames() throws {
        let scratch = try ScratchRepository()
        let repository = scratch.directory
        try Self.lay(
            ["m/door.yaml": "base.yaml", "m/keep.yaml": "base.yaml", "m/sub/a.yaml": "transition-changed.yaml", "m/gone.yaml": "unrelated.yaml"],
            in: repository)
        try scratch.git("add", ".")
        try scratch.git("commit", "-q", "-m", "machines")
        let unchanged = try CommandRunner.run(["diff", "--against", "HEAD", "m"], in: repository)
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(unchanged.stdoutText == "HEAD:m -> m: no changes (4 machines unchanged)\n")

        try FileManager.default.removeItem(at: repository.appendingPathComponent("m/door.yaml"))
        try Self.lay(["m/door.yaml": "state-added.yaml", "m/new.yaml": "events-changed.yaml"], in: repository)
        try scratch.git("mv", "m/sub/a.yaml", "m/sub/b.yaml")
        try scratch.git("rm", "-q", "m/gone.yaml")
        let changed = try CommandRunner.run(["diff", "--against", "HEAD", "m"], in: repository)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(
            changed.stdoutText == """
                HEAD:m -> m: 1 machine changed, 1 renamed, 1 added, 1 removed, 1 unchanged
                HEAD:m/door.yaml -> m/door.yaml: 1 state added
                m/door.yaml:10:5: added state Ajar in Closed
                HEAD:m/gone.yaml: removed machine (2 states, 2 transitions)
                m/new.yaml: added machine (5 states, 6 transitions)
                HEAD:m/sub/a.yaml -> m/sub/b.yaml: no changes

                """)

        let unknown = try CommandRunner.run(["diff", "--against", "no-such-branch", "m"], in: repository)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("git does not know the revision 'no-such-branch'"))
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("fresh"), withIntermediateDirectories: true)
        try Self.lay(["fresh/x.yaml": "base.yaml"], in: repository)
        let notInRevision = try CommandRunner.run(["diff", "--against", "HEAD", "fresh"], in: repository)
        #expect(notInRevision.status == 2)
        #expect(notInRevision.stderr.contains("git cannot find the directory fresh at 'HEAD'"))
    }

    /// Both versions are linted with the settings `lint` gives the new one: a rule its
    /// `.fsmviz.yml` disables introduces nothing, wherever the old version lies.
    @Test func lintDeltaFollowsTheNewVersionsConfiguration() throws {
        let root = try CommandRunner.temporaryDirectory()
        try Self.lay(["old/door.yaml": "base.yaml", "new/door.yaml": "state-added.yaml"], in: root)
        let unconfigured = try CommandRunner.run(["diff", "old/door.yaml", "new/door.yaml", "--lint", "--fail-on", "error"], in: root)
        #expect(unconfigured.status == 1)
        #expect(unconfigured.stdoutText.contains("introduced error: state 'Ajar' cannot be reached"))
        try Self.lay(["new/.fsmviz.yml": "disable: [unreachable-state]\n"], in: root)
        for arguments in [["old/door.yaml", "new/door.yaml"], ["old", "new"]] {
            let configured = try CommandRunner.run(["diff"] + arguments + ["--lint", "--fail-on", "error"], in: root)
            #expect(configured.status == 0, "\(arguments): \(configured.stdoutText)")
            #expect(!configured.stdoutText.contains("unreachable"))
        }
        try Self.lay(["strict.yml": "severity: {unreachable-state: warning}\n"], in: root)
        let explicit = try CommandRunner.run(
            ["diff", "old/door.yaml", "new/door.yaml", "--lint", "--config", "strict.yml", "--fail-on", "error"], in: root)
        #expect(explicit.status == 0)
        #expect(explicit.stdoutText.contains("introduced warning: state 'Ajar' cannot be reached"))
        try Self.lay(["new/.fsmviz.yml": "disable: [no-such-rule\n"], in: root)
        let invalid = try CommandRunner.run(["diff", "old/door.yaml", "new/door.yaml", "--lint"], in: root)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains(".fsmviz.yml:"), "\(invalid.stderr)")
    }

    /// A baseline elsewhere is configured as the input is: a rule the baseline's own directory
    /// disables does not make every finding of it new.
    @Test func aBaselineIsConfiguredAsTheInput() throws {
        let root = try CommandRunner.temporaryDirectory()
        try Self.lay(
            ["old/door.yaml": "base.yaml", "old/.fsmviz.yml": "disable: [nondeterministic-trigger]\n", "new/door.yaml": "base.yaml"],
            in: root)
        let result = try CommandRunner.run(["lint", "new/door.yaml", "--baseline", "old/door.yaml", "--fail-on", "warning"], in: root)
        #expect(result.status == 0, "\(result.stdoutText)")
        #expect(result.stdoutText == "no problems in 1 file\n")
        let directories = try CommandRunner.run(["lint", "new", "--baseline", "old", "--fail-on", "warning"], in: root)
        #expect(directories.status == 0, "\(directories.stdoutText)")
    }
}
