import Foundation
import TestSupport
import Testing

/// Names from a stranger's machine file or file name cannot forge lines in what fsmviz prints
/// (a GitHub Actions workflow command, a fake finding) or drive the terminal.
@Suite struct LogInjectionTests {
    /// A line break, then a workflow command, a terminal escape that clears the screen, and a
    /// right-to-left override.
    static let forged = "x\n::error file=forged.json,line=1::forged\r\u{1B}[2J\u{9B}31m\u{202E}desrever\u{2066}"

    /// Whether `output` holds only lines fsmviz wrote: none forged, no terminal control, no
    /// bidirectional override, no carriage return.
    static func isClean(_ output: String) -> Bool {
        !output.split(separator: "\n").contains { $0.hasPrefix("::error file=forged") }
            && !output.unicodeScalars.contains { scalar in
                scalar == "\r" || scalar.properties.isBidiControl
                    || (scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t")
            }
    }

    /// A machine file with `name` as a state's id and label, an event and a guard.
    static func machine(_ name: String) throws -> String {
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: name, options: .fragmentsAllowed), as: UTF8.self)
        return """
            {"initial": "A", "states": ["A", \(quoted), {"id": "B", "label": \(quoted)}],
             "transitions": [{"from": "A", "event": \(quoted), "to": \(quoted), "guard": \(quoted)},
                             {"from": "A", "event": \(quoted), "to": "B"}]}
            """
    }

    @Test(arguments: ["text", "github"])
    func lintFindingsNamingForgedStatesStayOnTheirLines(format: String) throws {
        let directory = try CommandRunner.temporaryDirectory()
        try Data(try Self.machine(Self.forged).utf8).write(to: directory.appendingPathComponent("m.json"))
        let result = try CommandRunner.run(["lint", "m.json", "--format", format, "--fail-on", "warning"], in: directory)
        #expect(result.status == 1)
        #expect(Self.isClean(result.stdoutText), "\(result.stdoutText.debugDescription)")
        #expect(result.stdoutText.contains("'x"), "the forged state is reported: \(result.stdoutText)")
        #expect(Self.isClean(result.stderr), "\(result.stderr.debugDescription)")
    }

    /// File names are text from strangers too: a machine file in a pull request can be named
    /// anything but `/` and NUL.
    @Test(arguments: [["lint"], ["dot"], ["render", "-o", "out.svg"], ["convert", "--to", "scxml", "-o", "-"]])
    func errorsNamingForgedFilesStayOnOneLine(command: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory()
        let name = Self.forged + ".json"
        try Data("{\"initial\": 1}".utf8).write(to: directory.appendingPathComponent(name))
        let result = try CommandRunner.run(Array(command.prefix(1)) + [name] + command.dropFirst(), in: directory)
        #expect(result.status == 2)
        #expect(Self.isClean(result.stderr + result.stdoutText), "\((result.stderr + result.stdoutText).debugDescription)")
        #expect((result.stderr + result.stdoutText).contains(#"x\n::error file=forged.json"#))
    }

    /// ArgumentParser echoes a bad value inside a message of several lines: the value, given
    /// apart or as `--option=value`, is escaped to one line there. An output path that cannot be
    /// written is named on one line.
    @Test(arguments: [["--style", forged], ["--style=" + forged]])
    func badArgumentsAndUnwritableOutputsAreReportedSafely(style arguments: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory()
        try Data(try Self.machine("y").utf8).write(to: directory.appendingPathComponent("m.json"))
        let style = try CommandRunner.run(["render", "m.json"] + arguments, in: directory)
        #expect(style.status == 2)
        #expect(Self.isClean(style.stderr), "\(style.stderr.debugDescription)")
        #expect(style.stderr.contains(#"'x\n::error file=forged.json"#), "the value is named: \(style.stderr)")
        // Below a regular file, whose folder cannot be made.
        let output = try CommandRunner.run(["render", "m.json", "-o", "m.json/" + Self.forged + ".svg"], in: directory)
        #expect(output.status == 3)
        #expect(Self.isClean(output.stderr), "\(output.stderr.debugDescription)")
    }

    /// `sync` names the Markdown file, the machine and the drawing it keeps, all of which come
    /// from the repository: a forged file name, and an image path whose attribute spans lines.
    @Test func syncReportsNamingForgedPathsStayOnTheirLines() throws {
        let directory = try CommandRunner.temporaryDirectory()
        try Data(try Self.machine("y").utf8).write(to: directory.appendingPathComponent("m.json"))
        let markdown = """
            <!-- fsmviz: m.json -->
            ![drawn](\(Self.forged.filter { !$0.isWhitespace }).svg)

            <!-- fsmviz: m.json -->
            <picture>
            <source media="(prefers-color-scheme: dark)" srcset="d\n::error file=forged.json,line=1::forged\nx.svg">
            <img src="light.svg">
            </picture>

            """
        try Data(markdown.utf8).write(to: directory.appendingPathComponent(Self.forged + ".md"))
        let result = try CommandRunner.run(["sync", "--check", Self.forged + ".md"], in: directory)
        // The srcset is a candidate list: its URLs are `d` and `line=1::forged`, neither an
        // image sync draws, each refused on the line of its marker.
        #expect(result.status == 2)
        #expect(Self.isClean(result.stderr), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains(#".md:8:1: error: 'line=1::forged': sync draws"#), "\(result.stderr)")
    }

    /// `watch` names the files it watches and renders.
    @Test func watchNamesForgedFilesOnOneLine() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let name = Self.forged + ".json"
        try Data(try Self.machine("y").utf8).write(to: directory.appendingPathComponent(name))
        let (process, transcript) = try WatchCommandTests.watch([name, "-o", "w.svg", "--poll"], in: directory)
        WatchCommandTests.waitUntil("it watches") { transcript.current.contains("watching") }
        process.interrupt()
        process.waitUntilExit()
        #expect(transcript.current.contains("rendered x\\n::error"), "\(transcript.current)")
        #expect(Self.isClean(transcript.current), "\(transcript.current.debugDescription)")
    }

    @Test func missingFilesAndUnknownFocusAreReportedOnOneLine() throws {
        let directory = try CommandRunner.temporaryDirectory()
        for arguments in [["dot", Self.forged], ["render", Self.forged], ["lint", Self.forged], ["convert", Self.forged, "--to", "json"]] {
            let result = try CommandRunner.run(arguments, in: directory)
            #expect(result.status == 2, "\(arguments)")
            #expect(Self.isClean(result.stderr), "\(arguments): \(result.stderr.debugDescription)")
        }
        try Data(try Self.machine("y").utf8).write(to: directory.appendingPathComponent("m.json"))
        let focus = try CommandRunner.run(["dot", "m.json", "--focus", Self.forged], in: directory)
        #expect(focus.status == 2)
        #expect(Self.isClean(focus.stderr), "\(focus.stderr.debugDescription)")
    }
}
