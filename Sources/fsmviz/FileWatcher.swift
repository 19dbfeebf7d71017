#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("fsmviz does not know this platform's C library")
#endif

/// Tells which of some files changed: through Linux's inotify where there is one, otherwise
/// (or with `polling`) by comparing each file's inode, size and modification time.
///
/// inotify watches the files' directories, not the files: editors save by writing a new file
/// and renaming it over the old one, which a watch on the old file's inode would miss.
final class FileWatcher {
    /// The files, as given, by their directory (absolute) and name.
    private let files: [(path: String, directory: String, name: String)]
    private let interval: Int32
    #if canImport(Glibc)
        private var descriptor: Int32 = -1
        private var directories: [Int32: String] = [:]
    #endif
    private var signatures: [String: [Int]] = [:]

    /// Whether changes come from inotify rather than from polling.
    private(set) var usesNotifications = false

    /// Watches `paths`; `interval` is how often polling looks, in milliseconds.
    init(paths: [String], polling: Bool, intervalMilliseconds: Int32) {
        let workingDirectory = Self.currentDirectory()
        files = paths.map { path in
            let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
            let directory = String(absolute[..<slash])
            return (path, directory.isEmpty ? "/" : directory, String(absolute[absolute.index(after: slash)...]))
        }
        interval = max(intervalMilliseconds, 10)
        #if canImport(Glibc)
            if !polling { startNotifications() }
        #endif
        for file in files { signatures[file.path] = Self.signature(of: file.path) }
    }

    deinit {
        #if canImport(Glibc)
            if descriptor >= 0 { close(descriptor) }
        #endif
    }

    /// The files that changed since the last call, waiting up to `milliseconds` for one to
    /// change; empty when none did (or a signal interrupted the wait). A burst of writes to a
    /// file within 50 ms is reported once.
    func changes(waitingUpTo milliseconds: Int32) -> Set<String> {
        #if canImport(Glibc)
            if usesNotifications { return notifiedChanges(waitingUpTo: milliseconds) }
        #endif
        usleep(UInt32(min(milliseconds, interval)) * 1_000)
        var changed: Set<String> = []
        for file in files {
            let now = Self.signature(of: file.path)
            if now != signatures[file.path] {
                signatures[file.path] = now
                changed.insert(file.path)
            }
        }
        return changed
    }

    #if canImport(Glibc)
        private func startNotifications() {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
            for directory in Set(files.map(\.directory)).sorted() {
                let watch = inotify_add_watch(descriptor, directory, mask)
                // A directory that cannot be watched (gone, or too many watches): poll instead.
                guard watch >= 0 else {
                    close(descriptor)
                    descriptor = -1
                    directories = [:]
                    return
                }
                directories[watch] = directory
            }
            usesNotifications = true
        }

        private func notifiedChanges(waitingUpTo milliseconds: Int32) -> Set<String> {
            var changed: Set<String> = []
            var timeout = milliseconds
            while true {
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&request, 1, timeout) > 0 else { return changed }
                changed.formUnion(readEvents())
                // Gather the rest of a save (write, rename, attributes) into one change.
                timeout = changed.isEmpty ? milliseconds : 50
            }
        }

        private func readEvents() -> Set<String> {
            var changed: Set<String> = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let directory = directories[watch] {
                    for file in files where file.directory == directory && file.name == name {
                        changed.insert(file.path)
                    }
                }
                offset += header + length
            }
            return changed
        }
    #endif

    /// Inode, size and modification time, or empty for a file that is not there.
    private static func signature(of path: String) -> [Int] {
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

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
