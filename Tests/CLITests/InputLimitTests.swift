import Foundation
import TestSupport
import Testing

/// Every input limit breached is a clear error with exit status 2 that names the flag to raise
/// it; the flag (or --no-limit) lets the same file through.
@Suite struct InputLimitTests {
    /// A chain of `states` states, each nested in the previous one when `nested`.
    static func machine(states: Int, nested: Bool = false, label: String? = nil) throws -> URL {
        var lines = ["initial: s0", "states:"]
        for index in 0..<states {
            var fields = ["id: s\(index)"]
            if nested, index > 0 { fields.append("parent: s\(index - 1)") }
            if let label, index == 0 { fields.append("label: \(label)") }
            lines.append("  - {\(fields.joined(separator: ", "))}")
        }
        lines.append("transitions:")
        for index in 1..<states where !nested {
            lines.append("  - {from: s\(index - 1), event: next, to: s\(index)}")
        }
        if nested || states == 1 { lines.append("  []") }
        let url = try CommandRunner.temporaryDirectory().appendingPathComponent("machine.yaml")
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        return url
    }

    @Test(arguments: [
        (["--max-states", "5"], "the machine has 10 states, more than the limit of 5 (raise it with --max-states)"),
        (["--max-transitions", "3"], "the machine has 9 transitions, more than the limit of 3 (raise it with --max-transitions)"),
        (["--max-file-size", "50"], "larger than the limit of 50 bytes (raise it with --max-file-size)"),
    ])
    func countAndSizeLimits(flags: [String], message: String) throws {
        let file = try Self.machine(states: 10)
        for command in ["dot", "lint"] {
            let refused = try CommandRunner.run([command, file.path] + flags)
            #expect(refused.status == 2, "\(command) \(flags)")
            #expect(refused.stderr.contains(message) || refused.stdoutText.contains(message), "\(refused.stderr)\(refused.stdoutText)")
        }
        let lifted = try CommandRunner.run(["dot", file.path] + flags + ["--no-limit"])
        #expect(lifted.status == 0)
    }

    @Test func nestingLimit() throws {
        let file = try Self.machine(states: 300, nested: true)
        let refused = try CommandRunner.run(["dot", file.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is nested 257 levels deep, more than the limit of 256 (raise it with --max-depth)"))
        #expect(try CommandRunner.run(["dot", file.path, "--max-depth", "300"]).status == 0)
    }

    @Test func labelLengthLimit() throws {
        let file = try Self.machine(states: 2, label: String(repeating: "x", count: 2000))
        let refused = try CommandRunner.run(["render", file.path, "-o", "-", "--format", "dot"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the label of state 's0' is 2000 characters long, more than the limit of 1024 (raise it with --max-label-length)"))
        #expect(try CommandRunner.run(["render", file.path, "-o", "-", "--format", "dot", "--max-label-length", "4000"]).status == 0)
    }

    @Test func limitsMustBePositive() throws {
        let file = try Self.machine(states: 2)
        let result = try CommandRunner.run(["dot", file.path, "--max-states", "0"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--max-states must be at least 1"))
    }
}
