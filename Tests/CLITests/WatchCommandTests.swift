import Foundation
import Synchronization
import TestSupport
import Testing

/// `fsmviz watch`, run as a user would: saves (as editors make them, by renaming a new file
/// over the old), a broken save, a fix and Ctrl-C.
@Suite struct WatchCommandTests {
    /// What a running process has written to standard error so far. Each write wakes
    /// ``waitUntil(_:seconds:_:)``.
    final class Transcript: Sendable {
        let text = Mutex("")
        func append(_ data: Data) {
            WatchCommandTests.progress.lock()
            defer { WatchCommandTests.progress.unlock() }
            text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            WatchCommandTests.progress.broadcast()
        }
        var current: String { text.withLock { $0 } }
    }

    /// Signalled whenever a watched process writes to standard error: `watch` reports every
    /// render, error and stop there, after the output it concerns is written.
    static let progress = NSCondition()

    static func machine(_ states: [String]) -> String {
        let transitions = zip(states, states.dropFirst()).map { #"{"from": "\#($0)", "event": "go", "to": "\#($1)"}"# }
        return
            #"{"initial": "\#(states[0])", "states": [\#(states.map { "\"\($0)\"" }.joined(separator: ", "))], "transitions": [\#(transitions.joined(separator: ", "))]}"#
    }

    /// Writes `text` to `url` the way editors save: a new file renamed over the old one.
    static func save(_ text: String, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).swp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Starts `fsmviz watch ARGUMENTS` in `directory`, its standard error collected.
    static func watch(_ arguments: [String], in directory: URL) throws -> (Process, Transcript) {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["watch"] + arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let transcript = Transcript()
        errors.fileHandleForReading.readabilityHandler = { transcript.append($0.availableData) }
        try process.run()
        return (process, transcript)
    }

    /// Sends Ctrl-C to a running `watch` and waits for its end (killing it if it outlives
    /// `seconds`): Foundation keeps a Process until its end has been waited for.
    static func stop(_ process: Process, seconds: Double = 30) {
        let seconds = seconds * patience
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        if process.isRunning {
            process.interrupt()
            if ended.wait(timeout: .now() + seconds) == .timedOut {
                Issue.record("timed out waiting until Ctrl-C stops it")
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
    }

    /// How many times longer than their stated seconds ``stop(_:seconds:)``, ``waitUntil(_:seconds:_:)``
    /// and ``pollUntil(_:seconds:_:)`` wait. A wait ends as soon as what it waits for happens, so
    /// its bound is reached only when a test fails; under the address sanitizer, beside every
    /// other suite, starting a preview server has taken more than the 60 s once allowed.
    static let patience = 5.0

    /// Waits until `condition` holds, checking it again each time a watched process writes to
    /// standard error (``progress``); records an issue when `seconds` pass first.
    static func waitUntil(_ what: String, seconds: Double = 60, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds * patience)
        progress.lock()
        defer { progress.unlock() }
        while !condition() {
            guard progress.wait(until: deadline) || condition() else {
                Issue.record("timed out waiting until \(what)")
                return
            }
        }
    }

    /// Waits until `condition` holds for state that announces nothing (a server's threads, its
    /// answers), checking it every 20 ms; records an issue when `seconds` pass first.
    static func pollUntil(_ what: String, seconds: Double, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds * patience)
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
        let (process, transcript) = try Self.watch(["door.json", "-o", "door.svg"] + options, in: directory)
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

        Self.stop(process)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        Self.waitUntil("stopped is printed", seconds: 5) { transcript.current.hasSuffix("stopped\n") }
        (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(leftovers == ["door.json", "door.svg"], "temporary files left behind")
    }

    /// Connects to 127.0.0.1:`port`, sends a GET for `path` and reads until `enough` says so
    /// or the connection closes (10 s at most).
    static func get(_ path: String, port: UInt16, until enough: (String) -> Bool = { _ in false }) -> String {
        exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port, until: enough)
    }

    /// A connection to 127.0.0.1:`port`, or -1. Without `waiting`, the connection is not waited
    /// for: connecting to a server whose queue is full takes seconds, and an idle client need not
    /// be connected yet to count.
    static func connection(to port: UInt16, waiting: Bool = true) -> Int32 {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | (waiting ? 0 : Int32(SOCK_NONBLOCK.rawValue)), 0)
        // A server that has stopped accepting fills its queue, and a connect then waits for
        // minutes of retries: bounded, so that such a server fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 || (!waiting && errno == EINPROGRESS) else {
            close(connection)
            return -1
        }
        return connection
    }

    /// Connects to 127.0.0.1:`port`, sends `request` as it is and reads until `enough` says so
    /// or the connection closes (10 s at most).
    static func exchange(_ request: String, port: UInt16, until enough: (String) -> Bool = { _ in false }) -> String {
        let connection = connection(to: port)
        guard connection >= 0 else { return "" }
        defer { close(connection) }
        // Without waiting, and without SIGPIPE: a server that stops reading (or closes) must not
        // block or end the test.
        _ = Array(request.utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !enough(String(decoding: received, as: UTF8.self)) {
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) >= 0 else { break }
            guard ready.revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    @Test func serveAnswersThePageOnLoopbackAndTellsItToReloadAfterEachRender() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let input = directory.appendingPathComponent("door.json")
        try Self.save(Self.machine(["Closed", "Open"]), to: input)
        let (process, transcript) = try Self.watch(["door.json", "-o", "door.html", "--serve", "--port", "0"], in: directory)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        Self.waitUntil("serving") { transcript.current.contains("watching door.json") }
        let port = try #require(transcript.current.firstMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { UInt16($0.1) })

        let page = Self.get("/", port: port)
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(page.contains(#"<html lang="en" data-live-reload="">"#) && page.contains("default-src 'none'; connect-src 'self';"))
        #expect(page.contains(#"data-state="Open""#))
        #expect(Self.get("/door.json", port: port).hasPrefix("HTTP/1.1 404 Not Found"))
        // The page on disk stays the offline one.
        let written = (try? String(contentsOf: directory.appendingPathComponent("door.html"), encoding: .utf8)) ?? ""
        #expect(written.contains("<html lang=\"en\">") && !written.contains("connect-src"))

        nonisolated(unsafe) var events = ""
        let listening = DispatchSemaphore(value: 0)
        let streamed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var heard = false
            events = Self.get("/events", port: port) { received in
                // The server counts renders before it sends the stream's head, so once the head
                // is here the next render is announced on this stream.
                if !heard, received.contains(": fsmviz\n\n") {
                    heard = true
                    listening.signal()
                }
                return received.contains("data: reload")
            }
            streamed.signal()
        }
        #expect(listening.wait(timeout: .now() + 30) == .success, "the event stream never opened")
        try Self.save(Self.machine(["Closed", "Ajar"]), to: input)
        #expect(streamed.wait(timeout: .now() + 30) == .success)
        #expect(events.contains("Content-Type: text/event-stream") && events.contains("data: reload"), "\(events)")
        #expect(Self.get("/", port: port).contains(#"data-state="Ajar""#))

        Self.stop(process)
        (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
        #expect(process.terminationStatus == 0)
    }

    @Test(arguments: [
        ["watch", "-", "-o", "x.svg"], ["watch", "samples/tcp.json", "-o", "-"], ["watch", "samples/tcp.json", "--poll", "--interval", "0"],
        ["watch", "samples/tcp.json", "-o", "tcp.svg", "--serve"],
        ["watch", "samples/tcp.json", "samples/dd-sync.yaml", "-o", "out/", "--format", "html", "--serve"],
    ])
    func refusesWhatItCannotWatch(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("watch") || result.stderr.contains("--interval") || result.stderr.contains("--serve"), "\(result.stderr)")
    }

    /// An option that only matters with another is an error without it, never silently ignored.
    @Test(arguments: [
        (["--port", "9000"], "--port sets where --serve serves; add --serve"),
        (["--interval", "2"], "--interval sets how often --poll looks; add --poll"),
    ])
    func anOptionWithoutTheOneItServesIsRefused(option: [String], message: String) throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Bounded: a watch that accepted the option would run until stopped. The bound is only
        // reached when the test fails, so it is generous: under the address sanitizer, beside
        // every other suite, starting fsmviz alone has taken more than 10 seconds.
        let result = try CommandRunner.run(
            ["120", CommandRunner.executable.path, "watch", Golden.samplesDirectory.appendingPathComponent("tcp.json").path, "-o", "tcp.svg"] + option,
            in: directory, program: URL(fileURLWithPath: "/usr/bin/timeout"))
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// Watch's usage errors are watch's: they name `fsmviz watch` and point at its own help.
    @Test func aUsageErrorNamesWatch() throws {
        let result = try CommandRunner.run(["watch", "samples/tcp.json", "--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Usage: fsmviz watch ["), "\(result.stderr)")
        #expect(result.stderr.contains("See 'fsmviz watch --help'"), "\(result.stderr)")
        #expect(!result.stderr.contains("render"), "\(result.stderr)")
    }
}
