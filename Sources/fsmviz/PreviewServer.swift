import FSMCore
import Foundation
import Synchronization

/// `fsmviz watch --serve`: serves one HTML page on 127.0.0.1, and only there, and tells the
/// pages it served to reload when the page is rendered again.
///
/// `GET /` answers the page as `render` wrote it, with two changes that switch on its live
/// reload: `data-live-reload` on `<html>`, which the viewer's script looks for, and
/// `connect-src 'self'` in its security policy, so that script may open `GET /events`, a
/// stream of server-sent events that says `reload` after each render. Nothing else is served.
///
/// Only requests whose `Host` is `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT` are
/// answered, so a page elsewhere whose name a hostile DNS server points at 127.0.0.1 reads
/// nothing; `/events` refuses another `Origin` as well. Connections are bounded in number
/// (``maximumConnections``), a request's head in size and time, and a reader too slow to take
/// an answer is dropped: every request gets an answer or a closed connection.
final class PreviewServer: Sendable {
    /// Where the page is on disk.
    let page: String
    /// The port it listens on.
    let port: UInt16
    private let listener: LoopbackListener
    private let renders = Atomic<Int>(0)
    private let connections = Atomic<Int>(0)
    /// The page as served, read once per render and shared by every answer.
    private let served = Mutex<(render: Int, bytes: [UInt8])?>(nil)

    /// The most connections answered at once; more are closed as they arrive.
    static let maximumConnections = 64
    /// The most bytes of a request's head (its request line and headers).
    static let maximumHeadSize = 16_384
    /// How long a request's head may take to arrive, and a write to be taken, in seconds.
    static let timeoutSeconds = 5

    /// Listens on 127.0.0.1:`port` (0 for any free port).
    init(page: String, port: UInt16) throws(PreviewServerError) {
        do {
            listener = try LoopbackListener(port: port)
        } catch {
            throw PreviewServerError(message: "cannot listen on 127.0.0.1:\(port): \(error.message)")
        }
        self.page = page
        self.port = listener.port
    }

    /// Accepts connections on a thread of its own, each answered on another.
    func start() {
        // A page closed mid-answer must fail the write, not end the process.
        ignoreBrokenPipes()
        Thread.detachNewThread { [self] in
            var failing = false
            while true {
                let connection: SocketConnection
                do throws(SystemError) {
                    connection = try listener.accept()
                } catch {
                    if error.isTransient { continue }
                    // Out of descriptors or memory is a moment, not the end: say so once, wait
                    // for connections to close, and go on.
                    if !failing {
                        Console.printError("warning: the preview server cannot accept connections (\(error.message)); retrying")
                        failing = true
                    }
                    pause(milliseconds: 100)
                    continue
                }
                if failing {
                    Console.printError("the preview server accepts connections again")
                    failing = false
                }
                guard connections.add(1, ordering: .relaxed).newValue <= Self.maximumConnections else {
                    connections.subtract(1, ordering: .relaxed)
                    connection.close()
                    continue
                }
                Thread.detachNewThread { [self] in
                    answer(connection)
                    connections.subtract(1, ordering: .relaxed)
                }
            }
        }
    }

    /// Tells the pages served to reload.
    func pageChanged() {
        renders.add(1, ordering: .relaxed)
    }

    private func answer(_ connection: SocketConnection) {
        defer { connection.close() }
        connection.setTimeouts(seconds: Self.timeoutSeconds)
        let request: Request
        switch readRequest(connection) {
        case .success(let read): request = read
        case .failure(let refusal):
            respond(connection, status: refusal.rawValue, type: "text/plain", body: Array("\(refusal.rawValue)\n".utf8))
            return
        }
        guard Self.isOwnHost(request.header("host"), port: port) else {
            respond(connection, status: "421 Misdirected Request", type: "text/plain", body: Array("this server answers only 127.0.0.1:\(port)\n".utf8))
            return
        }
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            guard let bytes = livePage() else {
                respond(connection, status: "503 Service Unavailable", type: "text/plain", body: Array("not rendered yet\n".utf8))
                return
            }
            respond(connection, status: "200 OK", type: "text/html; charset=utf-8", body: bytes)
        case ("GET", "/events"):
            // A page from elsewhere may not listen in: only the page this server sent.
            if let origin = request.header("origin"), !Self.isOwnHost(origin.firstMatch(of: /^http:\/\/(.*)$/).map { String($0.1) }, port: port) {
                respond(connection, status: "403 Forbidden", type: "text/plain", body: Array("forbidden\n".utf8))
                return
            }
            streamEvents(connection)
        case ("GET", _):
            respond(connection, status: "404 Not Found", type: "text/plain", body: Array("not found\n".utf8))
        default:
            respond(connection, status: "405 Method Not Allowed", type: "text/plain", body: Array("only GET\n".utf8))
        }
    }

    /// Whether `host` (a `Host` header, or an `Origin`'s host) names this server, with its port.
    static func isOwnHost(_ host: String?, port: UInt16) -> Bool {
        guard let host else { return false }
        return ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host.lowercased())
    }

    /// The page with its live reload switched on, read again only after a render.
    private func livePage() -> [UInt8]? {
        let render = renders.load(ordering: .relaxed)
        if let cached = served.withLock({ $0 }), cached.render == render { return cached.bytes }
        guard let bytes = FileManager.default.contents(atPath: page) else { return nil }
        let live = Array(Self.live(String(decoding: bytes, as: UTF8.self)).utf8)
        served.withLock { $0 = (render, live) }
        return live
    }

    /// The page with its live reload switched on.
    static func live(_ page: String) -> String {
        page.replacing("<html lang=\"en\">", with: "<html lang=\"en\" data-live-reload=\"\">", maxReplacements: 1)
            .replacing("content=\"default-src 'none';", with: "content=\"default-src 'none'; connect-src 'self';", maxReplacements: 1)
    }

    /// A request's method, path (without a query) and headers.
    struct Request {
        var method: Substring
        var path: Substring
        var headers: [(name: String, value: String)]

        func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

        /// The request whose head is `head` (up to its blank line), or `nil` when it is not one.
        init?(head: [UInt8]) {
            let lines = String(decoding: head, as: UTF8.self).split(omittingEmptySubsequences: true) { $0 == "\r\n" || $0 == "\n" }
            guard let first = lines.first else { return nil }
            let words = first.split(separator: " ")
            guard words.count == 3, words[2].hasPrefix("HTTP/") else { return nil }
            method = words[0]
            path = words[1].prefix { $0 != "?" }
            headers = lines.dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
            }
        }
    }

    /// Why a request was not read: the status it is answered with.
    enum Refusal: String, Error {
        case malformed = "400 Bad Request"
        case tooLarge = "431 Request Header Fields Too Large"
        case tooSlow = "408 Request Timeout"
    }

    /// The request once its head has arrived (whatever follows it, a body, is not read).
    private func readRequest(_ connection: SocketConnection) -> Result<Request, Refusal> {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            // Lines may end in a bare LF, as RFC 9112 lets a server accept.
            if let end = Self.endOfHead(head) {
                return Request(head: Array(head[..<end])).map { .success($0) } ?? .failure(.malformed)
            }
            guard head.count < Self.maximumHeadSize else { return .failure(.tooLarge) }
            let count: Int
            do throws(SystemError) {
                count = try connection.receive(into: &buffer)
            } catch {
                if error.isTransient { continue }
                return .failure(error.isTimeout ? .tooSlow : .malformed)
            }
            guard count > 0 else { return .failure(.malformed) }
            head += buffer[..<count]
        }
    }

    /// Where the blank line that ends a request's head starts in `bytes`, if it has come.
    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 10 {
                let next = index + 1
                if next < bytes.count, bytes[next] == 10 { return next }
                if next + 1 < bytes.count, bytes[next] == 13, bytes[next + 1] == 10 { return next }
            }
            index += 1
        }
        return nil
    }

    private func respond(_ connection: SocketConnection, status: String, type: String, body: [UInt8]) {
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        // Head and body apart: joining them would copy the page once per reader.
        guard connection.send(Array(head.utf8)) else { return }
        _ = connection.send(body)
    }

    /// Sends `reload` after each render until the page goes away; a comment every 15 s keeps
    /// the connection open through idle periods.
    private func streamEvents(_ connection: SocketConnection) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n: fsmviz\n\n"
        // Counted before the head goes out, so a render that follows the head is always announced:
        // a client that has the head is listening.
        var seen = renders.load(ordering: .relaxed)
        guard connection.send(Array(head.utf8)) else { return }
        var quiet = 0
        while !Interruption.isRequested {
            pause(milliseconds: 200)
            quiet += 1
            let now = renders.load(ordering: .relaxed)
            if now != seen {
                seen = now
                quiet = 0
                guard connection.send(Array("data: reload\n\n".utf8)) else { return }
            } else if quiet >= 75 {
                quiet = 0
                guard connection.send(Array(": idle\n\n".utf8)) else { return }
            }
        }
    }
}
