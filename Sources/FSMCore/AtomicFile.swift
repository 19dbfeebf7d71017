import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that readers see either the old file or the whole new one, never a part:
/// the bytes go to a temporary file in the same directory, which then replaces the target.
public enum AtomicFile {
    /// Why a file could not be written.
    public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path that was to be written.
        public var path: String
        /// What went wrong, written for a person.
        public var reason: String

        public var description: String { "\(path): error: cannot write: \(reason)" }
    }

    /// Replaces the file at `path` with `bytes`, atomically.
    /// - Throws: ``WriteError``; the previous file, if any, is then untouched.
    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: path, reason: "it is a directory")
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array("\(directory)/.\(url.lastPathComponent).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: systemError()) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = writeBytes(descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...]))
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = systemError()
                    return
                }
                written += result
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = systemError() }
        // mkstemp creates the file 0600; give it the mode a plain `open` would, honouring umask.
        let mask = umask(0)
        umask(mask)
        if failure == nil, fchmod(descriptor, 0o666 & ~mask) != 0 { failure = systemError() }
        if close(descriptor) != 0, failure == nil { failure = systemError() }
        if failure == nil, rename(temporary, path) != 0 { failure = systemError() }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
