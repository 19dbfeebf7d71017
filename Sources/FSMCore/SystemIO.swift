#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("fsmviz does not know this platform's C library")
#endif

// read(2) and write(2) at file scope, for types whose own `read` and `write` members hide the
// C functions: unqualified here, they resolve to whichever C library the platform imports
// above, where a qualified `Glibc.read` would build on one platform only.

/// Reads at most `buffer.count` bytes into `buffer`: the count read, 0 at the end of the
/// file, or -1 with `errno` set, as read(2).
func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

/// Writes at most `buffer.count` bytes of `buffer`: the count written, or -1 with `errno`
/// set, as write(2).
func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
    write(descriptor, buffer.baseAddress, buffer.count)
}

/// Sets the handler of signal `number` and returns the previous one, as signal(3).
func setHandler(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) -> (@convention(c) (Int32) -> Void)? {
    signal(number, handler)
}

/// The absolute path `path` names with every symbolic link, `.` and `..` resolved, or `nil`
/// when some part of it does not exist (or a link loops), as realpath(3).
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// What `path` names: stat(2)'s answer, or lstat(2)'s when `followingLinks` is false; `nil`
/// when nothing is there (or, following links, a link leads nowhere).
func entryKind(_ path: String, followingLinks: Bool) -> FileEntryKind? {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
}

/// Whether the file at `path` may be written: access(2) with `W_OK`, and a write permission
/// bit set, since access(2) says yes to root whatever the mode.
func isWritable(_ path: String) -> Bool {
    var status = stat()
    return access(path, W_OK) == 0 && stat(path, &status) == 0 && status.st_mode & 0o222 != 0
}

/// Frees memory that a C library allocated with malloc(3) and handed over, as free(3): for the
/// package's modules over C libraries, which then need no platform module of their own.
package func freeMemory(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}
