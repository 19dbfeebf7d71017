import Foundation
import TestSupport
import Testing

/// `render` and `dot` on machines too big to draw whole: focus, collapse, the automatic engine
/// and progress on a terminal.
@Suite struct LargeMachineCommandTests {
    /// A machine file of `count` states in a ring, each with three transitions.
    static func ring(_ count: Int) throws -> URL {
        var transitions: [String] = []
        for index in 0..<count {
            for (event, step) in [("next", 1), ("skip", 2), ("back", count - 1)] {
                transitions.append(#"{"from": "s\#(index)", "event": "\#(event)", "to": "s\#((index + step) % count)"}"#)
            }
        }
        let states = (0..<count).map { #""s\#($0)""# }.joined(separator: ", ")
        let json = #"{"name": "Ring", "initial": "s0", "states": [\#(states)], "transitions": [\#(transitions.joined(separator: ",\n"))]}"#
        let url = try CommandRunner.temporaryDirectory().appendingPathComponent("ring-\(count).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test func focusDrawsTheNeighbourhoodWithStubs() throws {
        let result = try CommandRunner.run(["dot", "samples/tcp.json", "--focus", "ESTABLISHED", "--radius", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdoutText, against: Golden.fixtures().appendingPathComponent("focus/tcp-ESTABLISHED-1.dot"))
        let collapsed = try CommandRunner.run(["dot", "samples/amplify-auth.yaml", "--collapse", "2"])
        #expect(collapsed.status == 0, "\(collapsed.stderr)")
        Golden.check(collapsed.stdoutText, against: Golden.fixtures().appendingPathComponent("focus/amplify-auth-collapse-2.dot"))
    }

    @Test func renderDrawsAFocusedSVG() throws {
        let output = try CommandRunner.temporaryDirectory().appendingPathComponent("focus.svg")
        let result = try CommandRunner.run(["render", "samples/tcp.json", "--focus", "LISTEN", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOf: output, encoding: .utf8)
        #expect(svg.contains(">LISTEN</text>"))
        #expect(!svg.contains(">TIME-WAIT</text>"), "TIME-WAIT is more than two transitions from LISTEN")
        #expect(svg.contains("out</text>"), "stubs say how many transitions lead out of view")
    }

    @Test func badSelectionsExitTwo() throws {
        let unknown = try CommandRunner.run(["render", "samples/tcp.json", "-o", "-", "--focus", "ESTABLISHD"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "samples/tcp.json: error: cannot focus on 'ESTABLISHD': the machine has no such state; did you mean 'ESTABLISHED'?\n")
        let radiusAlone = try CommandRunner.run(["dot", "samples/tcp.json", "--radius", "3"])
        #expect(radiusAlone.status == 2)
        #expect(radiusAlone.stderr.contains("--radius needs --focus"))
        let negative = try CommandRunner.run(["dot", "samples/tcp.json", "--focus", "LISTEN", "--radius", "-1"])
        #expect(negative.status == 2)
        let shallow = try CommandRunner.run(["render", "samples/tcp.json", "-o", "-", "--collapse", "0"])
        #expect(shallow.status == 2)
        #expect(shallow.stderr.contains("--collapse must be 1 or more"))
    }

    /// An engine without clusters leaves compound states out: the picture is not the machine's
    /// hierarchy, and `render` says so rather than pass it off as one.
    @Test func anEngineThatDrawsNoCompoundStatesSaysSo() throws {
        let output = try CommandRunner.temporaryDirectory().appendingPathComponent("flat.svg")
        let flat = try CommandRunner.run(["render", "samples/amplify-auth.yaml", "--engine", "neato", "-o", output.path])
        #expect(flat.status == 0, "\(flat.stderr)")
        #expect(
            flat.stderr.hasPrefix(
                "samples/amplify-auth.yaml: warning: neato draws no compound states: 'AuthState' and 2 more are left out,"),
            "\(flat.stderr)")
        let quiet = try CommandRunner.run(["render", "samples/amplify-auth.yaml", "--engine", "neato", "-q", "-o", output.path])
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let layered = try CommandRunner.run(["render", "samples/amplify-auth.yaml", "--engine", "dot", "-o", output.path])
        #expect(!layered.stderr.contains("warning"), "\(layered.stderr)")
        let flatMachine = try CommandRunner.run(["render", "samples/tcp.json", "--engine", "neato", "-o", output.path])
        #expect(!flatMachine.stderr.contains("warning"), "\(flatMachine.stderr)")
    }

    @Test func autoEngineChoosesByTheDrawnSize() throws {
        // 90 transitions: dot, events on the edges, no overlap removal.
        let small = try CommandRunner.run(["render", try Self.ring(30).path, "-o", "-", "--format", "dot"])
        #expect(small.status == 0, "\(small.stderr)")
        #expect(!small.stdoutText.contains("overlap"))
        #expect(small.stdoutText.contains("s0 -> transition_0_label [id=\"transition-0\""))
        // 900 transitions: sfdp with overlap removal, events still laid out.
        let ring = try Self.ring(300)
        let medium = try CommandRunner.run(["render", ring.path, "-o", "-", "--format", "dot"])
        #expect(medium.stdoutText.contains("overlap=prism"))
        #expect(medium.stdoutText.contains("s0 -> transition_0_label [id=\"transition-0\""))
        // An explicit engine draws as asked.
        let explicit = try CommandRunner.run(["render", ring.path, "-o", "-", "--format", "dot", "--engine", "dot"])
        #expect(!explicit.stdoutText.contains("overlap"))
        // 3,000 transitions: events move into tooltips.
        let large = try CommandRunner.run(["render", try Self.ring(1_000).path, "-o", "-", "--format", "dot"])
        #expect(large.stdoutText.contains("s0 -> s1 [id=\"transition-0\", fsmviz_part=whole, class=\"transition\", fsmviz_transition=0, tooltip=\"next\""))
        #expect(!large.stdoutText.contains("label=\"next\""))
        // Focusing brings a large machine back under dot's limit.
        let focused = try CommandRunner.run(["render", ring.path, "-o", "-", "--format", "dot", "--focus", "s5"])
        #expect(!focused.stdoutText.contains("overlap"))
    }

    @Test func dotByNameIsRefusedAboveItsMaximumWithWhatToDoInstead() throws {
        let ring = try Self.ring(300)
        let directory = try CommandRunner.temporaryDirectory()
        let output = directory.appendingPathComponent("ring.svg")
        let refused = try CommandRunner.run(["render", ring.path, "-o", output.path, "--engine", "dot"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr == "\(ring.path): error: the diagram draws 900 transitions, more than the 600 that 'dot' "
                + "lays out in reasonable time (it would take minutes); use '--engine sfdp' or '--engine auto', draw a "
                + "part with '--focus STATE --radius N' or '--collapse DEPTH', write DOT without a layout with "
                + "'--format dot', or raise the limit with --max-layout-transitions (--no-limit lifts it)\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let layoutDOT = try CommandRunner.run(["render", ring.path, "-o", "-", "--format", "dot-layout", "--engine", "dot"])
        #expect(layoutDOT.status == 2, "dot-layout lays out")
        // No layout, no refusal: fsmviz's own DOT, and a focused view small enough for dot.
        #expect(try CommandRunner.run(["render", ring.path, "-o", "-", "--format", "dot", "--engine", "dot"]).status == 0)
        let focused = try CommandRunner.run(["render", ring.path, "-o", "-", "--engine", "dot", "--focus", "s5"])
        #expect(focused.status == 0, "\(focused.stderr)")
        // In a batch, the refused input is reported and the others are drawn.
        let batch = try CommandRunner.run(["render", ring.path, "samples/tcp.json", "-o", directory.path + "/", "--engine", "dot"])
        #expect(batch.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tcp.svg"])
    }

    /// The flags, on a sample small enough that lifting the bound lays it out in milliseconds.
    @Test func theLayoutBoundIsRaisedByItsFlagAndLiftedByNoLimit() throws {
        let tight = ["render", "samples/tcp.json", "-o", "-", "--engine", "dot", "--max-layout-transitions", "5"]
        let refused = try CommandRunner.run(tight)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("samples/tcp.json: error: the diagram draws 19 transitions, more than the 5 that 'dot'"), "\(refused.stderr)")
        let lifted = try CommandRunner.run(tight + ["--no-limit"])
        #expect(lifted.status == 0, "\(lifted.stderr)")
        #expect(lifted.stdoutText.contains("<svg"))
        #expect(try CommandRunner.run(["render", "samples/tcp.json", "-o", "-", "--engine", "dot", "--max-layout-transitions", "19"]).status == 0)
        // auto keeps within the bound by choosing sfdp.
        let auto = try CommandRunner.run(["render", "samples/tcp.json", "-o", "-", "--format", "dot", "--max-layout-transitions", "5"])
        #expect(auto.status == 0)
        #expect(auto.stdoutText.contains("overlap=prism"))
        // Laid out, auto is bounded too (by sfdp's bound), and proposes nothing that would not finish.
        let autoLaidOut = try CommandRunner.run(["render", "samples/tcp.json", "-o", "-", "--max-layout-transitions", "5"])
        #expect(autoLaidOut.status == 2)
        #expect(autoLaidOut.stderr.contains("more than the 5 that 'sfdp' lays out"), "\(autoLaidOut.stderr)")
        #expect(!autoLaidOut.stderr.contains("--engine auto") && autoLaidOut.stderr.contains("'--format dot'"))
        let zero = try CommandRunner.run(["render", "samples/tcp.json", "-o", "-", "--max-layout-transitions", "0"])
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--max-layout-transitions must be at least 1"))
    }

    /// Runs `fsmviz` under `script`, which gives it a terminal for standard output and error.
    func runOnATerminal(_ arguments: [String], environment: String) throws -> CommandRunner.Result {
        let command = ([environment, CommandRunner.executable.path] + arguments).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        process.currentDirectoryURL = Golden.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRunner.Result(status: process.terminationStatus, stdout: [UInt8](data), stderr: "")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func batchRendersShowProgressOnlyOnATerminalOutsideCI() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let arguments = ["render", "samples/tcp.json", "samples/dd-sync.yaml", "-o", directory.path + "/"]
        // The one closing line of a success, and nothing else, when progress is not shown.
        let closing = "wrote 2 files into \(directory.path)/"
        let piped = try CommandRunner.run(arguments)
        #expect(piped.status == 0)
        #expect(piped.stderr == closing + "\n", "no progress when the output is not a terminal: \(piped.stderr)")

        let terminal = try runOnATerminal(arguments, environment: "env -u CI TERM=xterm")
        #expect(terminal.status == 0)
        #expect(terminal.stdoutText.contains("[1/2] samples/tcp.json"), "\(terminal.stdoutText)")
        #expect(terminal.stdoutText.contains("[2/2] samples/dd-sync.yaml"))
        #expect(terminal.stdoutText.hasSuffix("\r\u{1B}[K" + closing + "\r\n"), "the line is cleared before the closing line")

        let underCI = try runOnATerminal(arguments, environment: "env CI=true TERM=xterm")
        #expect(underCI.status == 0)
        #expect(underCI.stdoutText == closing + "\r\n", "\(underCI.stdoutText)")
        let dumb = try runOnATerminal(arguments, environment: "env -u CI TERM=dumb")
        #expect(dumb.stdoutText == closing + "\r\n")
    }
}
