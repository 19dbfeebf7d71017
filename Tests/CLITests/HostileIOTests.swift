import Foundation
import TestSupport
import Testing

/// Ordinary I/O trouble: outputs closed, full or gone, special output paths, standard input
/// without end, signals during a write. CI and editors do all of these to a tool; each is a
/// clear outcome, never a crash or a half-written file.
@Suite struct HostileIOTests {
    /// Runs `script` under `/bin/sh`, where `$0` is the fsmviz binary.
    static func shell(_ script: String, stdin: [UInt8] = []) throws -> CommandRunner.Result {
        try CommandRunner.run(
            ["-c", script, CommandRunner.executable.path], stdin: stdin, program: URL(fileURLWithPath: "/bin/sh"))
    }

    /// A machine of `states` states in a chain, whose DOT is far larger than a pipe's buffer.
    static func chain(states: Int) throws -> URL {
        let ids = (0..<states).map { "\"s\($0)\"" }
        let transitions = (1..<states).map { #"{"from": "s\#($0 - 1)", "event": "next", "to": "s\#($0)"}"# }
        let text = #"{"initial": "s0", "states": [\#(ids.joined(separator: ","))], "transitions": [\#(transitions.joined(separator: ","))]}"#
        let url = try CommandRunner.temporaryDirectory().appendingPathComponent("chain.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    static let stdoutCommands = [
        "dot samples/tcp.json", "render samples/tcp.json -o - --format dot", "convert samples/tcp.json -o - --to yaml",
        "lint samples/tcp.json --format json", "rules",
    ]

    @Test(arguments: stdoutCommands)
    func standardOutputClosedOrFullExitsThreeWithOneLine(command: String) throws {
        for redirection in [">&-", ">/dev/full"] {
            let result = try Self.shell("\"$0\" \(command) \(redirection)")
            #expect(result.status == 3, "\(command) \(redirection): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(command) \(redirection): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: cannot write to standard output: "), "\(result.stderr)")
        }
    }

    @Test func aBrokenPipeWithSIGPIPEIgnoredEndsQuietly() throws {
        let machine = try Self.chain(states: 3_000)
        let result = try Self.shell(
            "trap '' PIPE; (\"$0\" dot '\(machine.path)'; echo \"status $?\" >&2) | head -c 1 >/dev/null")
        #expect(result.stderr == "status 3\n")
    }

    @Test func standardErrorClosedIsNoCrash() throws {
        let result = try Self.shell("\"$0\" dot missing.json 2>&-; echo \"status $?\"")
        #expect(result.stdoutText == "status 2\n")
    }

    @Test func standardInputHonoursTheFileSizeLimit() throws {
        let result = try Self.shell("head -c 20000000 /dev/zero | \"$0\" dot - --max-file-size 1000000")
        #expect(result.status == 2)
        #expect(result.stderr == "<stdin>: error: file is larger than the limit of 1000000 bytes (raise it with --max-file-size)\n")
    }

    /// A FIFO, or a symlink to one, is written through, not replaced by a regular file.
    @Test(arguments: ["render", "convert", "lint"])
    func aFIFOIsWrittenThrough(command: String) throws {
        let directory = try CommandRunner.temporaryDirectory()
        let fifo = directory.appendingPathComponent("out.fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let link = directory.appendingPathComponent("link.dot")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: fifo.path)
        let arguments: String
        switch command {
        case "render": arguments = "render samples/tcp.json --format dot -o"
        case "convert": arguments = "convert samples/tcp.json --to json -o"
        default: arguments = "lint samples/tcp.json --format json -o"
        }
        for target in [fifo, link] {
            let result = try Self.shell("timeout -s KILL 120 cat '\(fifo.path)' > '\(directory.path)/read' & \"$0\" \(arguments) '\(target.path)'; wait")
            #expect(result.status == 0, "\(command) -o \(target.lastPathComponent): \(result.stderr)")
            let read = try Data(contentsOf: directory.appendingPathComponent("read"))
            #expect(!read.isEmpty)
            var status = stat()
            #expect(stat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == fifo.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.dot", "out.fifo", "read"])
    }

    @Test func devNullAndStandardOutputAreWrittenThrough() throws {
        let null = try Self.shell("\"$0\" render samples/tcp.json --format dot -o /dev/null && test -c /dev/null && echo ok")
        #expect(null.stdoutText == "ok\n", "\(null.stderr)")
        let stdout = try Self.shell("\"$0\" convert samples/tcp.json --to json -o /dev/stdout | head -c 1")
        #expect(stdout.stdoutText == "{", "\(stdout.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout") == "/proc/self/fd/1")
    }

    /// A symlink to a regular file stays a link; the file it names gets the new contents.
    @Test func aSymlinkToARegularFileStaysALink() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let target = directory.appendingPathComponent("real.svg")
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.svg")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let result = try CommandRunner.run(["render", "samples/tcp.json", "-o", link.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<?xml"))
    }

    /// As documented (and as `convert` and `lint` do), only `DIR/` or several inputs name a
    /// directory to render into; one input and an existing directory is a clear error, which says
    /// it is a directory whether or not the format is named.
    @Test func renderToAnExistingDirectoryWithoutSlashIsRefusedLikeConvertAndLint() throws {
        let directory = try CommandRunner.temporaryDirectory()
        for arguments in [
            ["render", "samples/tcp.json", "--format", "svg"], ["render", "samples/tcp.json"],
            ["convert", "samples/tcp.json", "--to", "yaml"], ["lint", "samples/tcp.json"],
        ] {
            let result = try CommandRunner.run(arguments + ["-o", directory.path])
            #expect(result.status == 3, "\(arguments[0])")
            #expect(result.stderr.hasPrefix("\(directory.path): error: cannot write: it is a directory"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let slash = try CommandRunner.run(["render", "samples/tcp.json", "-o", directory.path + "/"])
        #expect(slash.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("tcp.svg").path))
    }

    /// SIGINT or SIGTERM while a large file is being written removes the temporary file. The
    /// signal is sent as soon as inotify reports the temporary file created; a run that
    /// finished first proves nothing and is repeated.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalDuringAWriteRemovesTheTemporaryFile(signal: Int32) throws {
        let machine = try Self.chain(states: 50_000)
        var caught = 0
        for _ in 0..<10 where caught < 2 {
            let directory = try CommandRunner.temporaryDirectory()
            let creations = inotify_init1(Int32(IN_CLOEXEC))
            defer { close(creations) }
            try #require(creations >= 0 && inotify_add_watch(creations, directory.path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0)
            let process = Process()
            // Started through Python to unblock the signals: this test process blocks them on
            // its threads, and a child started by Foundation inherits that mask.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                CommandRunner.executable.path, "convert", machine.path, "-o", directory.appendingPathComponent("out.json").path,
            ]
            process.standardError = FileHandle.nullDevice
            try process.run()
            var sent = false
            var ready = pollfd(fd: creations, events: Int16(POLLIN), revents: 0)
            var events = [UInt8](repeating: 0, count: 4_096)
            // Woken by each file created or renamed into the directory: the temporary file, then
            // (when the write wins) out.json. Reading the 50,000 states before the first write
            // takes minutes under the address sanitizer, so only a run that does neither within
            // 5 minutes counts as not caught.
            while !sent, poll(&ready, 1, 300_000) == 1 {
                _ = events.withUnsafeMutableBytes { read(creations, $0.baseAddress, $0.count) }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                if names.contains(where: { $0.hasPrefix(".out.json.fsmviz-tmp-") }) {
                    kill(process.processIdentifier, signal)
                    sent = true
                } else if names.contains("out.json") {
                    break
                }
            }
            process.waitUntilExit()
            guard sent, process.terminationReason == .uncaughtSignal else { continue }
            caught += 1
            #expect(process.terminationStatus == signal)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
        #expect(caught > 0, "the write always finished before the signal")
    }
}
