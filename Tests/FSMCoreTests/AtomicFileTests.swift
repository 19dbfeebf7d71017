import FSMCore
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct AtomicFileTests {
    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// The process's umask, read without setting it (Linux reports it in /proc).
    static func umaskFromProc() throws -> mode_t {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    @Test func anExistingFileKeepsItsModeAndANewFileGetsTheUmasksMode() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let existing = directory.appendingPathComponent("kept.svg").path
        #expect(FileManager.default.createFile(atPath: existing, contents: Data("old".utf8)))
        #expect(chmod(existing, 0o600) == 0)
        try AtomicFile.write(Array("new".utf8), to: existing)
        #expect(Self.mode(existing) == 0o600)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "new")
        let fresh = directory.appendingPathComponent("fresh.svg").path
        try AtomicFile.write(Array("new".utf8), to: fresh)
        #expect(Self.mode(fresh) == 0o666 & ~(try Self.umaskFromProc()))
    }

    /// The umask is process-wide: while writes run on one thread, another must always see it
    /// as it was.
    @Test func theUmaskIsNeverChanged() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let before = try Self.umaskFromProc()
        let writing = Atomic<Bool>(true)
        let seen = Mutex<Set<mode_t>>([])
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            for index in 0..<300 {
                try? AtomicFile.write([UInt8(index % 256)], to: directory.appendingPathComponent("f\(index % 4)").path)
            }
            writing.store(false, ordering: .relaxed)
        }
        DispatchQueue.global().async(group: done) {
            while writing.load(ordering: .relaxed) {
                if let mask = try? Self.umaskFromProc() { seen.withLock { _ = $0.insert(mask) } }
            }
        }
        done.wait()
        #expect(seen.withLock { $0 }.subtracting([before]).isEmpty)
    }
}
