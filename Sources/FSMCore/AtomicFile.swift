import Foundation

/// Writes files so that readers see either the old file or the whole new one, never a part:
/// the bytes go to a temporary file in the same directory, which then replaces the target.
///
/// Only regular files are replaced. A FIFO, a device (`/dev/null`), anything under `/dev`
/// (`/dev/stdout`) and a symlink to one of them are opened and written through, as a shell's
/// `>` would. A symlink to a regular file stays a link: the file it names is replaced.
/// The temporary file is named `.NAME.fsmviz-tmp-XXXXXXXX`; ``TemporaryFileCleanup`` removes it
/// on SIGINT and SIGTERM once installed.
public enum AtomicFile {
    /// What a temporary file's name holds after the target's name: `.door.svg.fsmviz-tmp-1a2B3c4D`.
    public static let temporaryMarker = ".fsmviz-tmp-"

    /// Replaces the file at `path` with `bytes`, atomically when it is a regular file (or
    /// none yet), else by writing through to it.
    /// - Throws: A ``Diagnostic`` naming `path` and why it could not be written; a regular file
    ///   is then untouched.
    public static func write(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        let status = fileStatus(path)
        if status?.kind == .directory {
            throw writeError(path, "it is a directory")
        }
        if path.hasPrefix("/dev/") || (status.map { $0.kind != .regularFile } ?? false) {
            return try writeThrough(bytes, to: path)
        }
        // A symlink keeps naming the same file: the file it resolves to is the one replaced.
        let target = URL(fileURLWithPath: status != nil ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path)
        let parent = target.deletingLastPathComponent().path
        // `-o viewer/page.html` makes its folder, as `-o diagrams/` does.
        if status == nil, !FileManager.default.fileExists(atPath: parent) {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw writeError(path, "its folder cannot be created")
            }
        }
        let directory: Int32
        do throws(SystemError) {
            directory = try openDirectory(parent, followingLink: true)
        } catch {
            throw writeError(path, error.message)
        }
        defer { try? closeFile(directory) }
        try replace(target.lastPathComponent, in: directory, named: parent, with: bytes, mode: status?.permissions, reportedAs: path)
    }

    /// Replaces the file `path` names below `root` with `bytes`, atomically, as
    /// ``write(_:to:)`` does, but following no symbolic link below `root`: the directories on
    /// the way are created when missing and refused when one is a link or a file, and the
    /// target is refused when it is a link, a directory, a FIFO or a device. For outputs in a
    /// directory whose links a stranger may have made (a pull request's checkout).
    /// - Throws: A ``Diagnostic`` naming the path below `root` and why it was not written.
    public static func write(_ bytes: [UInt8], to path: ConfinedPath, under root: String) throws(Diagnostic) {
        let shown = path.shown(under: root)
        let directory = try path.openParent(under: root)
        defer { try? closeFile(directory) }
        let existing = entryStatus(path.name, in: directory)
        switch existing?.kind {
        case nil, .regularFile?: break
        case .symbolicLink?: throw writeError(shown, "it is a symbolic link, which is not followed here")
        case .directory?: throw writeError(shown, "it is a directory")
        case .other?: throw writeError(shown, "it is not a regular file")
        }
        let parent = URL(fileURLWithPath: shown).deletingLastPathComponent().path
        try replace(path.name, in: directory, named: parent, with: bytes, mode: existing?.permissions, reportedAs: shown)
    }

    /// Replaces `name` in the open `directory` (at the path `directoryPath`, which a signal's
    /// cleanup removes the temporary file by) with `bytes`: a temporary file written, synced and
    /// renamed over it, so that the rename, which never follows a link, is the only change.
    private static func replace(
        _ name: String, in directory: Int32, named directoryPath: String, with bytes: [UInt8], mode: Int?, reportedAs path: String
    ) throws(Diagnostic) {
        let prefix = ".\(name)\(temporaryMarker)"
        var temporary = ""
        var descriptor: Int32 = -1
        var registration: Int?
        defer { TemporaryFileCleanup.unregister(registration) }
        // O_EXCL with a fresh random name, as mkstemp does, but created 0666 so the kernel
        // applies the process's umask: mkstemp's 0600 would need the umask read, which only
        // setting it can do, and the umask is shared by every thread. The name is registered
        // for removal before the file exists, so no signal finds it unregistered.
        for _ in 0..<100 where descriptor < 0 {
            TemporaryFileCleanup.unregister(registration)
            temporary = prefix + randomSuffix()
            registration = TemporaryFileCleanup.register(directoryPath + "/" + temporary)
            do throws(SystemError) {
                descriptor = try openFile(temporary, in: directory, .creatingExclusively)
            } catch  where error != .exists {
                throw writeError(path, error.message)
            } catch {}
        }
        guard descriptor >= 0 else { throw writeError(path, "no free temporary file name") }
        var failure = writeAll(bytes, to: descriptor).map { SystemError(code: $0).message }
        if failure == nil, let mode { failure = failureMessage { () throws(SystemError) in try setPermissions(descriptor, mode) } }
        if failure == nil { failure = failureMessage { () throws(SystemError) in try syncFile(descriptor) } }
        if let closing = failureMessage(of: { () throws(SystemError) in try closeFile(descriptor) }), failure == nil { failure = closing }
        if failure == nil { failure = failureMessage { () throws(SystemError) in try renameFile(temporary, to: name, in: directory) } }
        if let failure {
            removeFile(temporary, in: directory)
            throw writeError(path, failure)
        }
    }

    private static func writeThrough(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        let descriptor: Int32
        do throws(SystemError) {
            descriptor = try openFile(path, .writingThrough)
        } catch {
            throw writeError(path, error.message)
        }
        var failure = writeAll(bytes, to: descriptor).map { SystemError(code: $0).message }
        if let closing = failureMessage(of: { () throws(SystemError) in try closeFile(descriptor) }), failure == nil { failure = closing }
        if let failure { throw writeError(path, failure) }
    }

    /// The message of the error `call` throws, or `nil` when it succeeds.
    private static func failureMessage(of call: () throws(SystemError) -> Void) -> String? {
        do {
            try call()
            return nil
        } catch {
            return error.message
        }
    }

    /// Writes every byte of `bytes` to an open descriptor, retrying interrupted and partial
    /// writes: `nil` once all are written, else the `errno` of the write that failed.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        return bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = writeBytes(descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...]))
                if result < 0 {
                    let error = SystemError.last
                    if error == .interrupted { continue }
                    return error.code
                }
                written += result
            }
            return nil
        }
    }

    private static func randomSuffix() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<8).map { _ in alphabet[Int.random(in: alphabet.indices)] })
    }

    /// Why the file at `path` could not be written, as a diagnostic.
    private static func writeError(_ path: String, _ reason: String) -> Diagnostic {
        Diagnostic(path: path, location: nil, message: "cannot write: \(reason)")
    }
}
