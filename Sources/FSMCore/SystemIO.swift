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
package func setHandler(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) -> (@convention(c) (Int32) -> Void)? {
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
    return FileStatus(status).kind
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

/// An error number from the C library, as swift-system's `Errno`: what the calls wrapped here
/// throw, taken from `errno` right after the call that failed.
package struct SystemError: Error, Equatable {
    /// The `errno` value.
    package let code: Int32

    /// The error numbered `code`.
    package init(code: Int32) {
        self.code = code
    }

    /// The error of the call that just failed.
    package static var last: SystemError { SystemError(code: errno) }
    /// EINTR: a signal arrived first; the call may be repeated.
    static let interrupted = SystemError(code: EINTR)
    /// EEXIST: the file to be created is already there.
    static let exists = SystemError(code: EEXIST)
    /// EPIPE: the reading end of a pipe is gone.
    package static let brokenPipe = SystemError(code: EPIPE)
    /// EBADF: the descriptor is not open.
    package static let badDescriptor = SystemError(code: EBADF)

    /// ENOENT or ENOTDIR: nothing is at the path.
    var isMissing: Bool { code == ENOENT || code == ENOTDIR }
    /// EACCES or EPERM.
    var isPermissionDenied: Bool { code == EACCES || code == EPERM }
    /// EISDIR.
    var isDirectory: Bool { code == EISDIR }
    /// ELOOP from a call told not to follow a symbolic link: one was there; or ENOTDIR: a file
    /// was where a directory was to be.
    var isLinkOrFile: Bool { code == ELOOP || code == ENOTDIR }
    /// EINTR, or ECONNABORTED from accept(2): nothing is wrong; the call may be repeated.
    package var isTransient: Bool { code == EINTR || code == ECONNABORTED }
    /// EAGAIN or EWOULDBLOCK from a socket with a timeout: the peer took too long.
    package var isTimeout: Bool { code == EAGAIN || code == EWOULDBLOCK }
    /// The C library's description, as strerror(3).
    package var message: String { String(cString: strerror(code)) }
}

/// How ``openFile(_:_:)`` opens a file. Every descriptor is closed on exec.
enum FileAccess {
    /// For reading.
    case reading
    /// For writing over what is there (O_TRUNC), without creating it: a FIFO or a device.
    case writingThrough
    /// Created for writing, failing with ``SystemError/exists`` if something is there
    /// (O_EXCL). Mode 0666, which the kernel reduces by the process's umask.
    case creatingExclusively
}

/// The descriptor of standard input.
let standardInput = STDIN_FILENO

/// The directory the `*at` calls below resolve a relative path from when given no other: the
/// working directory, as the plain calls resolve it.
let workingDirectory = AT_FDCWD

/// Opens the file at `path`, relative to the open directory `directory`, as openat(2).
func openFile(_ path: String, in directory: Int32 = workingDirectory, _ access: FileAccess) throws(SystemError) -> Int32 {
    let descriptor =
        switch access {
        case .reading: openat(directory, path, O_RDONLY | O_CLOEXEC)
        case .writingThrough: openat(directory, path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        // O_EXCL fails on a symbolic link too, so the file created is never a link's target.
        case .creatingExclusively: openat(directory, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        }
    guard descriptor >= 0 else { throw .last }
    return descriptor
}

/// Opens the directory at `path` (relative to `directory`) for the `*at` calls, as openat(2)
/// with O_DIRECTORY; a symbolic link as its last component fails with ELOOP unless
/// `followingLink`.
func openDirectory(_ path: String, in directory: Int32 = workingDirectory, followingLink: Bool) throws(SystemError) -> Int32 {
    let descriptor = openat(directory, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else { throw .last }
    return descriptor
}

/// Creates the directory `name` in `directory` with `permissions` (reduced by the umask), as
/// mkdirat(2); an existing entry, a symbolic link too, fails with ``SystemError/exists``.
func makeDirectory(_ name: String, in directory: Int32 = workingDirectory, permissions: Int) throws(SystemError) {
    guard mkdirat(directory, name, mode_t(permissions & 0o7777)) == 0 else { throw .last }
}

/// The status of `name` in `directory`, of a symbolic link itself rather than its target, as
/// fstatat(2) with AT_SYMLINK_NOFOLLOW; `nil` when nothing is there.
func entryStatus(_ name: String, in directory: Int32) -> FileStatus? {
    var status = stat()
    return fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? FileStatus(status) : nil
}

/// Creates a directory of mode 0700 named `prefix` and six random characters, as mkdtemp(3);
/// returns its path.
func makeTemporaryDirectory(_ prefix: String) throws(SystemError) -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    return try template.withUnsafeMutableBufferPointer { (buffer) throws(SystemError) -> String in
        guard let start = buffer.baseAddress, let made = mkdtemp(start) else { throw .last }
        return String(cString: made)
    }
}

/// A new pipe's reading and writing ends, both closed on exec, as pipe(2).
func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .last }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
}

/// Removes the file `name` in `directory`, as unlinkat(2), if it can.
func removeFile(_ name: String, in directory: Int32) {
    unlinkat(directory, name, 0)
}

/// Closes a descriptor, as close(2).
func closeFile(_ descriptor: Int32) throws(SystemError) {
    guard close(descriptor) == 0 else { throw .last }
}

/// Flushes a file's data to its device, as fsync(2).
func syncFile(_ descriptor: Int32) throws(SystemError) {
    guard fsync(descriptor) == 0 else { throw .last }
}

/// Sets an open file's permission bits (`0o7777` at most), as fchmod(2).
func setPermissions(_ descriptor: Int32, _ permissions: Int) throws(SystemError) {
    guard fchmod(descriptor, mode_t(permissions & 0o7777)) == 0 else { throw .last }
}

/// Renames `source` to `target`, both relative to `directory`, replacing the target (a
/// symbolic link itself, not what it names), as renameat(2).
func renameFile(_ source: String, to target: String, in directory: Int32 = workingDirectory) throws(SystemError) {
    guard renameat(directory, source, directory, target) == 0 else { throw .last }
}

/// Removes the file at `path` if it can, as unlink(2). Async-signal-safe.
func removeFile(_ path: UnsafePointer<CChar>) {
    unlink(path)
}

/// What stat(2) says of a file: its kind, size in bytes and permission bits.
struct FileStatus {
    /// Regular file, directory or something else (fstat and a followed link never say
    /// symbolic link).
    var kind: FileEntryKind
    /// The size in bytes; meaningful for regular files only.
    var size: Int
    /// The permission bits, `0o7777` at most.
    var permissions: Int

    init(_ status: stat) {
        kind =
            switch status.st_mode & S_IFMT {
            case S_IFREG: .regularFile
            case S_IFDIR: .directory
            case S_IFLNK: .symbolicLink
            default: .other
            }
        size = Int(status.st_size)
        permissions = Int(status.st_mode & 0o7777)
    }
}

/// The status of what `path` names, following symbolic links, or `nil` when nothing is there.
func fileStatus(_ path: String) -> FileStatus? {
    var status = stat()
    return stat(path, &status) == 0 ? FileStatus(status) : nil
}

/// The status of an open file, as fstat(2).
func fileStatus(descriptor: Int32) throws(SystemError) -> FileStatus {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .last }
    return FileStatus(status)
}

/// SIGINT and SIGTERM: the signals that ask a process to stop.
package let stopSignals = [SIGINT, SIGTERM]

/// Restores signal `number`'s default action, which for ``stopSignals`` ends the process.
/// Async-signal-safe.
package func restoreDefaultHandler(_ number: Int32) {
    _ = setHandler(number, SIG_DFL)
}

/// Ignores signal `number`.
func ignoreSignal(_ number: Int32) {
    _ = setHandler(number, SIG_IGN)
}

/// Whether `handler`, as ``setHandler(_:_:)`` returned it, is the one that ignores a signal.
func isIgnoring(_ handler: (@convention(c) (Int32) -> Void)?) -> Bool {
    unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}

/// Sends signal `number` to this process, as raise(3). Async-signal-safe.
package func raiseSignal(_ number: Int32) {
    raise(number)
}

/// Unblocks ``stopSignals`` on the calling thread: a process started with them blocked (its
/// parent's mask is inherited) would otherwise never receive Ctrl-C.
package func unblockStopSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in stopSignals { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
}

/// The descriptors of standard output and standard error.
package let standardOutput = STDOUT_FILENO
package let standardError = STDERR_FILENO

/// Whether `descriptor` is open, as fcntl(2)'s F_GETFD tells.
package func isOpen(_ descriptor: Int32) -> Bool {
    fcntl(descriptor, F_GETFD) != -1
}

/// Opens /dev/null for reading (`writable` false) or writing; on the lowest closed descriptor,
/// as open(2) always chooses, so a closed standard descriptor is filled.
package func openNullDevice(writable: Bool) {
    _ = open("/dev/null", writable ? O_WRONLY : O_RDONLY)
}

// MARK: Watching files and serving a preview

/// The current working directory, as getcwd(3); `.` when it cannot be told.
package func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Suspends the calling thread for `milliseconds`, as usleep(3).
package func pause(milliseconds: Int) {
    usleep(UInt32(max(milliseconds, 0)) * 1_000)
}

/// Ignores SIGPIPE, so that writing to a peer that went away fails instead of ending the process.
package func ignoreBrokenPipes() {
    ignoreSignal(SIGPIPE)
}

/// The shared library at `path`, its symbols bound now and kept out of the process's global
/// namespace, as dlopen(3) with `RTLD_NOW | RTLD_LOCAL`; `nil` when it does not load.
package func loadLibrary(_ path: String) -> UnsafeMutableRawPointer? {
    dlopen(path, RTLD_NOW | RTLD_LOCAL)
}

/// The address of the symbol `name` in a library ``loadLibrary(_:)`` loaded, as dlsym(3).
package func librarySymbol(_ library: UnsafeMutableRawPointer, _ name: String) -> UnsafeMutableRawPointer? {
    dlsym(library, name)
}

/// Unloads a library ``loadLibrary(_:)`` loaded, as dlclose(3).
package func unloadLibrary(_ library: UnsafeMutableRawPointer) {
    dlclose(library)
}

/// Sends signal `number` to the process `pid`, as kill(2); async-signal-safe.
package func sendSignal(_ pid: Int32, _ number: Int32) {
    _ = kill(pid, number)
}

/// One name in a directory, as readdir(3) gives it: bytes, which a file system does not require
/// to be UTF-8.
package struct DirectoryEntry: Sendable {
    /// The name's bytes.
    package let bytes: [UInt8]
    /// Whether readdir(3) says it is a directory; false where the file system does not say.
    package let isDirectory: Bool

    /// The name, or `nil` when its bytes are not UTF-8, which a `String` path cannot name.
    package var name: String? { String(validating: bytes, as: UTF8.self) }

    /// The name as a diagnostic shows it: each byte that is not UTF-8 as `\xHH`.
    package var shownName: String {
        var shown = ""
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var pending = bytes[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                shown.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                pending = pending.dropFirst(encoded.count)
            case .error(let length):
                shown += pending.prefix(length).map { "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                pending = pending.dropFirst(length)
            case .emptyInput:
                return shown
            }
        }
    }
}

/// The entries of the directory at `path` but `.` and `..`, in the order readdir(3) gives them.
package func directoryEntries(_ path: String) throws(SystemError) -> [DirectoryEntry] {
    guard let directory = opendir(path) else { throw .last }
    defer { closedir(directory) }
    var entries: [DirectoryEntry] = []
    while true {
        errno = 0
        guard let entry = readdir(directory) else {
            if errno != 0 { throw .last }
            return entries
        }
        let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
        if bytes != [0x2E], bytes != [0x2E, 0x2E] {
            entries.append(DirectoryEntry(bytes: bytes, isDirectory: entry.pointee.d_type == DT_DIR))
        }
    }
}
