import FSMCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("fsmviz does not know this platform's C library")
#endif

// The command line's own platform calls, for `watch`: inotify, stat's modification times (named
// differently on each platform) and a socket server, which the portable libraries (FSMCore's
// SystemIO among them) must not make, since iOS has neither inotify nor a use for a server.
// Every other file of the command line calls the platform through FSMCore's SystemIO or
// Foundation.

/// What changes whenever the file at `path` is saved: its inode, size and modification time;
/// empty when nothing is there.
func changeSignature(of path: String) -> [Int] {
    var status = stat()
    guard stat(path, &status) == 0 else { return [] }
    #if canImport(Darwin)
        return [Int(status.st_ino), Int(status.st_size), status.st_mtimespec.tv_sec, status.st_mtimespec.tv_nsec]
    #elseif canImport(Glibc) || canImport(Musl)
        return [Int(status.st_ino), Int(status.st_size), status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
    #else
        #error("fsmviz does not know where this platform's stat keeps the modification time")
    #endif
}

/// Changes to files in some directories, through Linux's inotify: a file closed after writing,
/// created, deleted, or renamed into or out of a directory.
final class DirectoryNotifications {
    #if canImport(Glibc)
        private let descriptor: Int32
        private let directories: [Int32: String]
    #endif

    /// Watches `directories`; `nil` where there is no inotify, or when one of them cannot be
    /// watched (gone, or too many watches).
    init?(directories: [String]) {
        #if canImport(Glibc)
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
            var watched: [Int32: String] = [:]
            for directory in directories {
                let watch = inotify_add_watch(descriptor, directory, mask)
                guard watch >= 0 else {
                    close(descriptor)
                    return nil
                }
                watched[watch] = directory
            }
            self.descriptor = descriptor
            self.directories = watched
        #else
            return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
            close(descriptor)
        #endif
    }

    /// The files that changed, as directory and name, once one has or `milliseconds` have
    /// passed (empty then, or when a signal interrupted the wait).
    func changes(waitingUpTo milliseconds: Int32) -> [(directory: String, name: String)] {
        #if canImport(Glibc)
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, milliseconds) > 0 else { return [] }
            return readEvents()
        #else
            return []
        #endif
    }

    #if canImport(Glibc)
        private func readEvents() -> [(directory: String, name: String)] {
            var changed: [(directory: String, name: String)] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, length) = buffer.withUnsafeBytes { bytes in
                    (
                        bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
                if let directory = directories[watch] {
                    changed.append((directory, String(decoding: nameBytes, as: UTF8.self)))
                }
                offset += header + length
            }
            return changed
        }
    #endif
}

/// A TCP socket listening on 127.0.0.1, and only there.
struct LoopbackListener: Sendable {
    private let descriptor: Int32
    /// The port it listens on.
    let port: UInt16

    /// Listens on 127.0.0.1:`port` (0 for any free port).
    init(port: UInt16) throws(SystemError) {
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw .last }
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
            let error = SystemError.last
            close(descriptor)
            throw error
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// The next connection, as accept(2).
    func accept() throws(SystemError) -> SocketConnection {
        let connection = acceptConnection(descriptor)
        guard connection >= 0 else { throw .last }
        return SocketConnection(descriptor: connection)
    }
}

/// accept(2) and close(2) at file scope, where the members named alike do not hide them.
private func acceptConnection(_ descriptor: Int32) -> Int32 {
    accept(descriptor, nil, nil)
}

private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}

/// One accepted connection.
struct SocketConnection: Sendable {
    fileprivate let descriptor: Int32

    /// Makes a receive or send that waits longer than `seconds` fail with
    /// ``SystemError/isTimeout``.
    func setTimeouts(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Receives at most `buffer.count` bytes into `buffer`: the count, 0 when the peer has
    /// closed, as recv(2).
    func receive(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw .last }
        return count
    }

    /// Sends all of `bytes`; `false` when the peer went away or took too long.
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Closes the connection.
    func close() {
        closeDescriptor(descriptor)
    }
}
