import Foundation
import TestSupport
import Testing

/// Every source of bytes is bounded, so a hostile or mistaken input cannot exhaust memory: YAML
/// aliases, `.fsmviz.yml`, and the files `lint` finds in a directory.
@Suite struct HostileInputTests {
    /// One anchor on a 1,000-character label aliased by 20,000 guards: 700 KB of YAML that
    /// expands to 20 MB of text.
    @Test func yamlAliasesMayNotAmplifyText() throws {
        let label = String(repeating: "x", count: 1_000)
        var lines = ["initial: a", "states:", "  - {id: a, label: &long \(label)}", "transitions:"]
        lines += Array(repeating: "  - {from: a, event: e, to: a, guard: *long}", count: 20_000)
        let file = try CommandRunner.temporaryDirectory().appendingPathComponent("aliases.yaml")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let result = try CommandRunner.run(["dot", file.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        // Reported at the alias that crosses the budget, well after the anchor on line 3.
        let reported = result.stderr.firstMatch(of: /aliases\.yaml:(\d+):39: error: this alias expands the document to more than twice its size/)
        #expect(reported.flatMap { Int($0.1) }.map { $0 > 4 } == true, "\(result.stderr)")
        // Aliases that repeat a little are still read.
        let small = try CommandRunner.temporaryDirectory().appendingPathComponent("aliases.yaml")
        try Data((Array(lines.prefix(4)) + Array(repeating: "  - {from: a, event: e, to: a, guard: *long}", count: 20)).joined(separator: "\n").utf8)
            .write(to: small)
        #expect(try CommandRunner.run(["dot", small.path]).status == 0)
    }

    /// A link to a FIFO would wait forever for a writer; a link to the directory itself loops.
    @Test func lintsDirectoryWalkReadsRegularFilesOnly() throws {
        let root = try CommandRunner.temporaryDirectory()
        let directory = root.appendingPathComponent("machines")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "samples/tcp.json", toPath: directory.appendingPathComponent("tcp.json").path)
        #expect(mkfifo(root.appendingPathComponent("fifo").path, 0o644) == 0)
        for (name, target) in [("fifo.json", "../fifo"), ("stdin.yaml", "/dev/stdin"), ("loop", "."), ("dangling.json", "nowhere")] {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let result = try CommandRunner.run(
            ["-c", "exec timeout -s KILL 60 \"$0\" lint --format json \"$1\" < /dev/zero", CommandRunner.executable.path, directory.path],
            program: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("tcp.json"))
        #expect(!result.stdoutText.contains("fifo.json") && !result.stdoutText.contains("stdin.yaml"), "\(result.stdoutText)")
    }

    @Test func aConfigurationIsBoundedAndARegularFile() throws {
        let directory = try CommandRunner.temporaryDirectory()
        try FileManager.default.copyItem(atPath: "samples/tcp.json", toPath: directory.appendingPathComponent("tcp.json").path)
        let configuration = directory.appendingPathComponent(".fsmviz.yml")
        try Data(String(repeating: "# a comment line, harmless but many\n", count: 40_000).utf8).write(to: configuration)
        let large = try CommandRunner.run(["lint", directory.appendingPathComponent("tcp.json").path])
        #expect(large.status == 2, "\(large.stderr)\(large.stdoutText)")
        #expect((large.stderr + large.stdoutText).contains("larger than the limit of 1048576 bytes"))
        try FileManager.default.removeItem(at: configuration)
        #expect(mkfifo(configuration.path, 0o644) == 0)
        let fifo = try CommandRunner.run(
            ["-c", "exec timeout -s KILL 60 \"$0\" lint \"$1\"", CommandRunner.executable.path, directory.appendingPathComponent("tcp.json").path],
            program: URL(fileURLWithPath: "/bin/sh"))
        #expect(fifo.status == 2, "\(fifo.stderr)\(fifo.stdoutText)")
        #expect((fifo.stderr + fifo.stdoutText).contains(".fsmviz.yml: error: is not a regular file"))
    }
}
