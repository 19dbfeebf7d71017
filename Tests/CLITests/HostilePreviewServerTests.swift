import Foundation
import TestSupport
import Testing

/// `fsmviz watch --serve` under the requests of other pages and of careless or hostile
/// clients, on 127.0.0.1 only and bounded in count and time.
@Suite(.serialized) struct HostilePreviewServerTests {
    typealias Watch = WatchCommandTests

    /// A running `watch --serve` of a small machine, and its port.
    struct Server {
        let process: Process
        let transcript: WatchCommandTests.Transcript
        let port: UInt16
        let directory: URL

        init(limitingDescriptorsTo limit: Int? = nil, machine: String = Watch.machine(["Closed", "Open"])) throws {
            directory = try CommandRunner.temporaryDirectory()
            try Watch.save(machine, to: directory.appendingPathComponent("door.json"))
            let arguments = ["door.json", "-o", "door.html", "--serve", "--port", "0"]
            if let limit {
                process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
                process.arguments = ["--nofile=\(limit):\(limit)", CommandRunner.executable.path, "watch"] + arguments
                process.currentDirectoryURL = directory
                let errors = Pipe()
                process.standardError = errors
                process.standardOutput = FileHandle.nullDevice
                let transcript = WatchCommandTests.Transcript()
                errors.fileHandleForReading.readabilityHandler = { transcript.append($0.availableData) }
                self.transcript = transcript
                try process.run()
            } else {
                (process, transcript) = try Watch.watch(arguments, in: directory)
            }
            let transcript = transcript
            Watch.waitUntil("serving") { transcript.current.contains("watching door.json") }
            port = try #require(transcript.current.firstMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { UInt16($0.1) })
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
        }

        /// The process's resident memory in bytes, from /proc.
        var residentBytes: Int {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            return status.firstMatch(of: /VmRSS:\s+(\d+) kB/).flatMap { Int($0.1) }.map { $0 * 1_024 } ?? 0
        }

        /// The process's threads, from /proc.
        var threads: Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task").count) ?? 0 }
    }

    /// Whether the server closes `connection` (or answers on it) within `seconds`.
    static func closes(_ connection: Int32, within seconds: Int32) -> Bool {
        var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, seconds * 1_000) == 1
    }

    @Test func onlyItsOwnHostIsAnsweredAndEventsOnlyToItsOwnPage() throws {
        let server = try Server()
        defer { server.stop() }
        let port = server.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] {
            let page = Watch.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", port: port)
            #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(host): \(page.prefix(80))")
        }
        for host in ["attacker.example:\(port)", "127.0.0.1", "127.0.0.1:1", "localhost.attacker.example:\(port)"] {
            let page = Watch.exchange("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n", port: port)
            #expect(page.hasPrefix("HTTP/1.1 421 "), "\(host): \(page.prefix(80))")
            #expect(!page.contains("data-state"))
        }
        #expect(Watch.exchange("GET / HTTP/1.1\r\n\r\n", port: port).hasPrefix("HTTP/1.1 421 "))
        let foreign = Watch.exchange("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://attacker.example\r\n\r\n", port: port)
        #expect(foreign.hasPrefix("HTTP/1.1 403 "), "\(foreign.prefix(80))")
        let own = Watch.exchange("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n\r\n", port: port) {
            $0.contains(": fsmviz")
        }
        #expect(own.hasPrefix("HTTP/1.1 200 OK"), "\(own.prefix(80))")
    }

    @Test func everyRequestIsAnsweredOrClosed() throws {
        let server = try Server()
        defer { server.stop() }
        let port = server.port
        let bareLF = Watch.exchange("GET / HTTP/1.1\nHost: 127.0.0.1:\(port)\n\n", port: port)
        #expect(bareLF.hasPrefix("HTTP/1.1 200 OK"), "\(bareLF.prefix(80))")
        let post = Watch.exchange("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 5\r\n\r\nhello", port: port)
        #expect(post.hasPrefix("HTTP/1.1 405 "), "\(post.prefix(80))")
        let huge = Watch.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX: " + String(repeating: "x", count: 20_000), port: port)
        #expect(huge.hasPrefix("HTTP/1.1 431 "), "\(huge.prefix(80))")
        #expect(Watch.exchange("nonsense\r\n\r\n", port: port).hasPrefix("HTTP/1.1 400 "))
    }

    @Test func idleConnectionsAreBoundedInCountAndTime() throws {
        let server = try Server()
        defer { server.stop() }
        let idle = (0..<300).map { _ in Watch.connection(to: server.port) }
        defer { for connection in idle where connection >= 0 { close(connection) } }
        #expect(idle.allSatisfy { $0 >= 0 })
        Watch.pollUntil("the connections are taken", seconds: 20) { server.threads > 20 }
        #expect(server.threads < 100, "\(server.threads) threads for 300 idle connections")
        // An idle connection is closed once its head is overdue, and the page loads after.
        #expect(Self.closes(idle[0], within: 30), "an idle connection was kept open")
        for connection in idle where connection >= 0 { shutdown(connection, Int32(SHUT_RDWR)) }
        Watch.pollUntil("the page loads again", seconds: 30) { Watch.get("/", port: server.port).hasPrefix("HTTP/1.1 200 OK") }
    }

    /// A machine whose page is over 3 MB: 400 states, each labelled with 1,000 characters.
    static let bigMachine: String = {
        let states = (0..<400).map { #"{"id": "S\#($0)", "label": "\#(String(repeating: "x", count: 1_000))"}"# }
        let transitions = (0..<399).map { #"{"from": "S\#($0)", "event": "go", "to": "S\#($0 + 1)"}"# }
        return #"{"initial": "S0", "states": [\#(states.joined(separator: ", "))], "transitions": [\#(transitions.joined(separator: ", "))]}"#
    }()

    /// The load the server is built for, from the test itself: 100 clients that ask for a 3 MB
    /// page and never read it, 1,000 idle connections, a foreign `Host` among them. It keeps
    /// its threads bounded, answers its own page afterwards, and its memory stays within 64 MiB
    /// of what it held before the load (100 unread copies of the page would be 300 MB).
    @Test func underLoadItStaysBoundedAndItsPageStillLoads() throws {
        let server = try Server(machine: Self.bigMachine)
        defer { server.stop() }
        let port = server.port
        let page = Watch.get("/", port: port) { $0.contains("</html>") }
        #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page.prefix(80))")
        #expect(page.utf8.count > 3_000_000, "the page is \(page.utf8.count) bytes")
        let before = server.residentBytes
        // Readers first, so that they hold the server's connections while it writes to them.
        let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        let slow = (0..<100).map { _ in
            let connection = Watch.connection(to: port)
            _ = request.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
            return connection
        }
        defer { for connection in slow where connection >= 0 { close(connection) } }
        let idle = (0..<1_000).map { _ in Watch.connection(to: port, waiting: false) }
        defer { for connection in idle where connection >= 0 { close(connection) } }
        let foreign = Watch.exchange("GET / HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n", port: port)
        #expect(foreign.isEmpty || foreign.hasPrefix("HTTP/1.1 421 "), "\(foreign.prefix(80))")
        #expect(server.threads < 100, "\(server.threads) threads under load")
        #expect(server.residentBytes - before < 64 << 20, "\((server.residentBytes - before) >> 20) MiB more under load")
        for connection in slow + idle where connection >= 0 { shutdown(connection, Int32(SHUT_RDWR)) }
        Watch.pollUntil("the page loads again", seconds: 60) {
            Watch.get("/", port: port) { $0.contains("</html>") }.hasPrefix("HTTP/1.1 200 OK")
        }
        #expect(server.residentBytes - before < 64 << 20, "\((server.residentBytes - before) >> 20) MiB more after the load")
    }

    @Test func runningOutOfDescriptorsIsAMomentNotTheEnd() throws {
        let server = try Server(limitingDescriptorsTo: 40)
        defer { server.stop() }
        let held = (0..<60).map { _ in Watch.connection(to: server.port, waiting: false) }
        Watch.waitUntil("the server says it cannot accept", seconds: 20) { server.transcript.current.contains("cannot accept") }
        for connection in held where connection >= 0 { close(connection) }
        let page = Watch.get("/", port: server.port)
        #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page.prefix(80)) \(server.transcript.current)")
        #expect(server.transcript.current.contains("accepts connections again"), "\(server.transcript.current)")
    }

    @Test func aWatchedFileReplacedByAFIFODoesNotBlockTheWatcher() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let input = directory.appendingPathComponent("door.json")
        try Watch.save(Watch.machine(["Closed", "Open"]), to: input)
        let (process, transcript) = try Watch.watch(["door.json", "-o", "door.svg"], in: directory)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        Watch.waitUntil("watching") { transcript.current.contains("watching door.json") }
        let fifo = directory.appendingPathComponent(".door.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(rename(fifo.path, input.path) == 0)
        Watch.waitUntil("the FIFO is refused", seconds: 20) { transcript.current.contains("not a regular file") }
        try Watch.save(Watch.machine(["Closed", "Ajar"]), to: input)
        Watch.waitUntil("the next save is drawn", seconds: 20) {
            ((try? String(contentsOf: directory.appendingPathComponent("door.svg"), encoding: .utf8)) ?? "").contains(">Ajar</text>")
        }
        Watch.stop(process, seconds: 20)
        (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
        #expect(process.terminationStatus == 0)
    }
}
