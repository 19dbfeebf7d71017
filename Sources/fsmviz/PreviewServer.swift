import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fsmviz watch --serve`: serves one HTML page on 127.0.0.1, and only there, and tells the
/// pages it served to reload when the page is rendered again.
///
/// `GET /` answers the page as `render` wrote it, with two changes that switch on its live
/// reload: `data-live-reload` on `<html>`, which the viewer's script looks for, and
/// `connect-src 'self'` in its security policy, so that script may open `GET /events`, a
/// stream of server-sent events that says `reload` after each render. Nothing else is served.
final class PreviewServer: Sendable {
    /// Where the page is on disk.
    let page: String
    /// The port it listens on.
    let port: UInt16
    private let listener: Int32
    private let renders = Atomic<Int>(0)

    /// Listens on 127.0.0.1:`port` (0 for any free port).
    init(page: String, port: UInt16) throws(PreviewServerError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PreviewServerError(message: "cannot open a socket: \(Self.reason())") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1: never another address
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let message = "cannot listen on 127.0.0.1:\(port): \(Self.reason())"
            close(descriptor)
            throw PreviewServerError(message: message)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.page = page
        self.listener = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// Accepts connections on a thread of its own, each answered on another.
    func start() {
        // A page closed mid-answer must fail the write, not end the process.
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR { continue }
                    return
                }
                Thread.detachNewThread { [self] in answer(connection) }
            }
        }
    }

    /// Tells the pages served to reload.
    func pageChanged() {
        renders.add(1, ordering: .relaxed)
    }

    private func answer(_ connection: Int32) {
        defer { close(connection) }
        guard let target = requestTarget(connection) else { return }
        switch target {
        case "GET /", "GET /index.html":
            guard let bytes = FileManager.default.contents(atPath: page) else {
                respond(connection, status: "503 Service Unavailable", type: "text/plain", body: Array("not rendered yet\n".utf8))
                return
            }
            respond(connection, status: "200 OK", type: "text/html; charset=utf-8", body: Array(Self.live(String(decoding: bytes, as: UTF8.self)).utf8))
        case "GET /events":
            streamEvents(connection)
        default:
            respond(connection, status: "404 Not Found", type: "text/plain", body: Array("not found\n".utf8))
        }
    }

    /// The page with its live reload switched on.
    static func live(_ page: String) -> String {
        page.replacing("<html lang=\"en\">", with: "<html lang=\"en\" data-live-reload=\"\">", maxReplacements: 1)
            .replacing("content=\"default-src 'none';", with: "content=\"default-src 'none'; connect-src 'self';", maxReplacements: 1)
    }

    /// `METHOD /path` of the request, once its head has arrived.
    private func requestTarget(_ connection: Int32) -> String? {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while head.count < 16_384, !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            head += buffer[..<count]
        }
        let line = String(decoding: head.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
        guard line.count == 3 else { return nil }
        return "\(line[0]) \(line[1].split(separator: "?").first ?? "")"
    }

    private func respond(_ connection: Int32, status: String, type: String, body: [UInt8]) {
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        _ = send(connection, Array(head.utf8) + body)
    }

    /// Sends `reload` after each render until the page goes away; a comment every 15 s keeps
    /// the connection open through idle periods.
    private func streamEvents(_ connection: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n: fsmviz\n\n"
        guard send(connection, Array(head.utf8)) else { return }
        var seen = renders.load(ordering: .relaxed)
        var quiet = 0
        while !Interruption.isRequested {
            usleep(200_000)
            quiet += 1
            let now = renders.load(ordering: .relaxed)
            if now != seen {
                seen = now
                quiet = 0
                guard send(connection, Array("data: reload\n\n".utf8)) else { return }
            } else if quiet >= 75 {
                quiet = 0
                guard send(connection, Array(": idle\n\n".utf8)) else { return }
            }
        }
    }

    private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
