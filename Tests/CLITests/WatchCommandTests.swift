import Foundation
import Synchronization
import TestSupport
import Testing

/// `fsmviz watch`, run as a user would: saves (as editors make them, by renaming a new file
/// over the old), a broken save, a fix and Ctrl-C.
@Suite struct WatchCommandTests {
    /// What a running process has written to standard error so far.
    final class Transcript: Sendable {
        let text = Mutex("")
        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
        var current: String { text.withLock { $0 } }
    }

    static func machine(_ states: [String]) -> String {
        let transitions = zip(states, states.dropFirst()).map { #"{"from": "\#($0)", "event": "go", "to": "\#($1)"}"# }
        return #"{"initial": "\#(states[0])", "states": [\#(states.map { "\"\($0)\"" }.joined(separator: ", "))], "transitions": [\#(transitions.joined(separator: ", "))]}"#
    }

    /// Writes `text` to `url` the way editors save: a new file renamed over the old one.
    static func save(_ text: String, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).swp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    static func waitUntil(_ what: String, seconds: Double = 60, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("timed out waiting until \(what)")
                return
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    @Test(arguments: [[], ["--poll", "--interval", "0.05"]])
    func rendersOnEverySaveKeepsTheLastGoodOutputAndStopsOnCtrlC(options: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory()
        let input = directory.appendingPathComponent("door.json")
        let output = directory.appendingPathComponent("door.svg")
        try Self.save(Self.machine(["Closed", "Open"]), to: input)
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["watch", "door.json", "-o", "door.svg"] + options
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let transcript = Transcript()
        errors.fileHandleForReading.readabilityHandler = { transcript.append($0.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func svg() -> String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

        Self.waitUntil("watching") { transcript.current.contains("watching door.json") }
        #expect(svg().contains(">Open</text>"))
        #expect(options.isEmpty == !transcript.current.contains("polling"), "\(transcript.current)")

        try Self.save(Self.machine(["Closed", "Open", "Locked"]), to: input)
        Self.waitUntil("the new state is drawn") { svg().contains(">Locked</text>") }

        let good = svg()
        try Self.save(#"{"initial": "Closed", "states": ["Closed"], "transitions": [{"from": "Closed", "to": "Nowhere"}]}"#, to: input)
        Self.waitUntil("the error is printed") { transcript.current.contains("door.json:1:") }
        #expect(transcript.current.contains("'Nowhere' is not a declared state"), "\(transcript.current)")
        #expect(svg() == good, "a broken save replaced the last good output")

        try Self.save(Self.machine(["Closed", "Ajar"]), to: input)
        Self.waitUntil("the fix is drawn") { svg().contains(">Ajar</text>") }

        process.interrupt()
        Self.waitUntil("Ctrl-C stops it", seconds: 30) { !process.isRunning }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        Self.waitUntil("stopped is printed", seconds: 5) { transcript.current.hasSuffix("stopped\n") }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(leftovers == ["door.json", "door.svg"], "temporary files left behind")
    }

    @Test(arguments: [["watch", "-", "-o", "x.svg"], ["watch", "samples/tcp.json", "-o", "-"], ["watch", "samples/tcp.json", "--interval", "0"]])
    func refusesWhatItCannotWatch(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("watch") || result.stderr.contains("--interval"), "\(result.stderr)")
    }
}
