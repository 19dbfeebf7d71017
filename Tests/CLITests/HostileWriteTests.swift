import Foundation
import TestSupport
import Testing

/// `diff --against`, `sync` and the outputs CI writes, given a revision and a checkout a stranger
/// made: nothing is written outside where it belongs, and what is refused is named.
@Suite struct HostileWriteTests {
    /// A repository `repo/` holding `m/door.yaml`, beside `settings.json` (the user's file) and
    /// an empty `tmp/` for the temporary copies, so that `tmp/fsmviz-diff-XXXXXX/../..` is the
    /// base directory.
    struct Repository {
        let base: URL
        let scratch: ScratchRepository

        init() throws {
            base = try CommandRunner.temporaryDirectory()
            scratch = try ScratchRepository()
            try FileManager.default.createDirectory(at: scratch.directory.appendingPathComponent("m"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: base.appendingPathComponent("tmp"), withIntermediateDirectories: true)
            try DiffDirectoryTests.lay(["m/door.yaml": "base.yaml"], in: scratch.directory)
            try Data("user settings".utf8).write(to: settings)
            try scratch.git("add", ".")
            try scratch.git("commit", "-q", "-m", "base")
        }

        var settings: URL { base.appendingPathComponent("settings.json") }

        /// git's output for `arguments`, trimmed.
        func git(_ arguments: [String], input: String = "") throws -> String {
            let result = try CommandRunner.run(
                ["-c", "user.name=fsmviz", "-c", "user.email=fsmviz@example.com"] + arguments, in: scratch.directory,
                stdin: Array(input.utf8), program: URL(fileURLWithPath: "/usr/bin/git"))
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
            return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func run(_ arguments: [String]) throws -> CommandRunner.Result {
            try CommandRunner.run(arguments, in: scratch.directory, environment: ["TMPDIR": base.appendingPathComponent("tmp").path])
        }
    }

    /// git's checkout refuses a tree entry named `..`, but `git mktree` makes one, and
    /// `ls-tree` lists `m/../../settings.json`: the copy of the old side must not follow it.
    @Test func aTreeEntryThatLeavesTheCopyIsRefusedAndNamed() throws {
        let repository = try Repository()
        let blob = try repository.git(["hash-object", "-w", "m/door.yaml"])
        var tree = try repository.git(["mktree"], input: "100644 blob \(blob)\tsettings.json\n")
        tree = try repository.git(["mktree"], input: "040000 tree \(tree)\t..\n")
        tree = try repository.git(["mktree"], input: "040000 tree \(tree)\t..\n100644 blob \(blob)\tdoor.yaml\n")
        tree = try repository.git(["mktree"], input: "040000 tree \(tree)\tm\n")
        let commit = try repository.git(["commit-tree", "-m", "hostile", tree])
        try repository.scratch.git("tag", "hostile", commit)

        let result = try repository.run(["diff", "--against", "hostile", "m"])
        #expect(try String(contentsOf: repository.settings, encoding: .utf8) == "user settings")
        #expect(result.status == 4, "\(result.stderr)")
        #expect(
            result.stderr
                == "hostile:m/../../settings.json: warning: not copied, so left out of the diff: refused: its '..' would lead out of the directory\n"
        )
        #expect(result.stdoutText == "hostile:m -> m: no changes (1 machine unchanged)\n")
    }

    /// A tag named `--output=out` would be read by `git show` as its option, writing the
    /// commit into `out:./door.yaml` (a directory the change may hold).
    @Test(arguments: ["diff", "sync"])
    func aRevisionNamedLikeAnOptionIsRefused(command: String) throws {
        let repository = try Repository()
        try repository.scratch.git("update-ref", "refs/tags/--output=out", "HEAD")
        let trap = repository.scratch.directory.appendingPathComponent("m/out:.")
        try FileManager.default.createDirectory(at: trap, withIntermediateDirectories: true)
        let arguments: [String]
        if command == "diff" {
            arguments = ["diff", "--against=--output=out", "m/door.yaml"]
        } else {
            try Data("<!-- fsmviz: door.yaml --against --output=out -->\n![x](x.svg)\n".utf8)
                .write(to: repository.scratch.directory.appendingPathComponent("m/doc.md"))
            arguments = ["sync", "m/doc.md"]
        }
        let result = try repository.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("error: '--output=out' is not a revision fsmviz reads: a revision's name cannot start with '-'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: trap.path).isEmpty)
    }

    /// The revision's copy of a directory of many machines takes a handful of git processes,
    /// not one per file (5,000 files took minutes), and copies every file as the revision has it.
    @Test func aDirectoryOfManyFilesIsCopiedByAFewGitProcesses() throws {
        let repository = try Repository()
        let machine = try String(contentsOf: Golden.packageRoot.appendingPathComponent("samples/door.json"), encoding: .utf8)
        for index in 0..<300 {
            try Data(machine.utf8).write(to: repository.scratch.directory.appendingPathComponent("m/door\(index).json"))
        }
        _ = try repository.git(["add", "."])
        _ = try repository.git(["commit", "-q", "-m", "many"])
        for index in [0, 150, 299] {
            let changed = machine.replacingOccurrences(of: "\"Locked\"", with: "\"Bolted\"")
            try Data(changed.utf8).write(to: repository.scratch.directory.appendingPathComponent("m/door\(index).json"))
        }
        let counting = repository.base.appendingPathComponent("counting")
        try FileManager.default.createDirectory(at: counting, withIntermediateDirectories: true)
        let log = repository.base.appendingPathComponent("git.log").path
        try Data("#!/bin/sh\necho \"$1\" >>'\(log)'\nexec /usr/bin/git \"$@\"\n".utf8).write(to: counting.appendingPathComponent("git"))
        #expect(chmod(counting.appendingPathComponent("git").path, 0o755) == 0)
        let result = try CommandRunner.run(
            ["diff", "--against", "HEAD", "m"], in: repository.scratch.directory,
            environment: [
                "PATH": counting.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "TMPDIR": repository.base.appendingPathComponent("tmp").path,
            ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdoutText.contains("3 machines changed, 298 unchanged"), "\(result.stdoutText)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls.count <= 6, "\(calls)")
    }

    /// SIGTERM while the revision is copied (git's copy slowed down to make sure of it): the
    /// process dies of the signal and its temporary directory goes with it.
    @Test func aSignalDuringTheCopyRemovesIt() throws {
        let repository = try Repository()
        let slow = repository.base.appendingPathComponent("slow")
        try FileManager.default.createDirectory(at: slow, withIntermediateDirectories: true)
        try Data("#!/bin/sh\ncase \"$1\" in show|cat-file) sleep 3;; esac\nexec /usr/bin/git \"$@\"\n".utf8).write(to: slow.appendingPathComponent("git"))
        #expect(chmod(slow.appendingPathComponent("git").path, 0o755) == 0)
        let temporary = repository.base.appendingPathComponent("tmp").path
        let script = """
            cd '\(repository.scratch.directory.path)' && PATH='\(slow.path)':$PATH TMPDIR='\(temporary)' "$0" diff --against HEAD m &
            pid=$!; sleep 1; ls '\(temporary)'; kill -TERM $pid; wait $pid; echo "status $?"
            """
        // Started through Python to unblock the signals: this test process blocks them on its
        // threads, and a child started by Foundation inherits that mask.
        let unblocked = """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
            os.execv("/bin/sh", ["sh", "-c", sys.argv[1], sys.argv[2]])
            """
        let result = try CommandRunner.run(
            ["-c", unblocked, script, CommandRunner.executable.path], program: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(result.stdoutText.hasPrefix("fsmviz-diff-"), "the copy had begun: \(result.stdoutText)")
        #expect(result.stdoutText.hasSuffix("status 143\n"), "\(result.stdoutText) \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    /// `--confine-to`, which the Action passes: a link a pull request committed where the
    /// report or a drawing goes is refused, and what it names is untouched.
    @Test(arguments: ["lint", "diff", "diff-directories"])
    func aCommittedLinkAtAnOutputIsRefused(command: String) throws {
        let repository = try Repository()
        let checkout = repository.scratch.directory
        try FileManager.default.createSymbolicLink(atPath: checkout.path + "/fsmviz.sarif", withDestinationPath: "../settings.json")
        try FileManager.default.createSymbolicLink(atPath: checkout.path + "/fsmviz-diff", withDestinationPath: repository.base.path)
        try DiffDirectoryTests.lay(["old/door.yaml": "state-added.yaml"], in: checkout)
        let arguments: [String]
        let refused: String
        switch command {
        case "lint":
            arguments = ["lint", "m", "--format", "sarif", "-o", "fsmviz.sarif"]
            refused = "fsmviz.sarif: error: cannot write: it is a symbolic link, which is not followed here"
        case "diff":
            arguments = ["diff", "old/door.yaml", "m/door.yaml", "-o", "fsmviz-diff/settings.json.svg"]
            refused = "/fsmviz-diff: error: refused: it is a symbolic link or a file, where a directory was to be"
        default:
            arguments = ["diff", "old", "m", "-o", "fsmviz-diff/"]
            refused = "/fsmviz-diff: error: refused: it is a symbolic link or a file, where a directory was to be"
        }
        let result = try repository.run(arguments + ["--confine-to", "."])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains(refused), "\(result.stderr)")
        #expect(try String(contentsOf: repository.settings, encoding: .utf8) == "user settings")
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository.base.path).sorted() == ["settings.json", "tmp"])
    }
}
