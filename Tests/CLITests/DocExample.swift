import Foundation
import TestSupport

/// One shell command a document shows, with what running it must give.
///
/// Documents mark what a command cannot show by itself with an HTML comment on the lines right
/// above the code block (``DocExampleReader`` reads them); a reader never sees them rendered:
///
/// - `<!-- doc-test: skip "PREFIX": REASON -->`: the commands starting with PREFIX are not run
///   (a browser, the network, a command that runs until it is stopped); the test lists them.
/// - `<!-- doc-test: exits N "PREFIX" -->`: the commands starting with PREFIX exit with status N.
/// - `<!-- doc-test: prints "COMMAND" -->`, above a block that is not shell: COMMAND prints
///   exactly that block (standard output, then standard error); `exits N` may follow.
/// - `<!-- doc-test: lints clean as "NAME" -->`, above a machine: written to NAME, it lints
///   with no finding at all, not even an info; the document's later examples find it there.
/// - `<!-- doc-test: skip "swift": REASON -->`, `<!-- doc-test: continues "swift" -->` and
///   `<!-- doc-test: runs "swift" -->`, above a Swift block: for scripts/ci/snippet-test, which
///   compiles every Swift snippet (and runs those so marked); this test only checks that nothing
///   else is marked so.
struct DocExample: CustomStringConvertible, Sendable {
    /// Where the command is written: `README.md:42`, or `fsmviz lint --help`.
    var source: String
    /// The command, as `sh` runs it.
    var command: String
    /// The exit statuses that mean the command worked.
    var statuses: Set<Int32> = [0]
    /// What the command prints, when the document shows it.
    var output: String?
    /// Why the command is not run, when the document says it is not.
    var skipReason: String?
    /// Files the command reads that the document itself shows, by name, written first.
    var files: [String: String] = [:]

    var description: String { "\(source): \(command)" }

    /// Runs the command with `sh` in `directory`, `fsmviz` first on the `PATH`, and returns
    /// what differs from the document (nothing when the example holds).
    func check(in directory: URL) throws -> [String] {
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let path = CommandRunner.executable.deletingLastPathComponent().path
        let result = try CommandRunner.run(
            ["-c", command], in: directory,
            environment: ["PATH": path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")],
            program: URL(fileURLWithPath: "/bin/sh"))
        var problems: [String] = []
        if !statuses.contains(result.status) {
            let expected = statuses.sorted().map(String.init).joined(separator: " or ")
            problems.append("\(self) exited with status \(result.status), not \(expected):\n\(result.stderr)")
        }
        if let output, result.stdoutText + result.stderr != output {
            problems.append("\(self) printed\n\(result.stdoutText + result.stderr)\nwhere the document shows\n\(output)")
        }
        return problems
    }
}
