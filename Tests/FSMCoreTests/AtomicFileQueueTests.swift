import FSMCore
import Foundation
import TestSupport
import Testing

@Suite struct AtomicFileQueueTests {
    @Test func writesEveryFileInOrderSoTheLastWriteToAPathWins() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let queue = AtomicFileQueue(capacity: 1)
        for index in 0..<50 {
            queue.write(Array("file \(index)\n".utf8), to: directory.appendingPathComponent("f\(index % 5)").path)
        }
        #expect(queue.finish().isEmpty)
        for slot in 0..<5 {
            let text = try String(contentsOf: directory.appendingPathComponent("f\(slot)"), encoding: .utf8)
            #expect(text == "file \(45 + slot)\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 5, "no temporary file left")
    }

    @Test func failuresAreReportedOnceAndLeaveThePreviousFile() throws {
        let directory = try CommandRunner.temporaryDirectory()
        let kept = directory.appendingPathComponent("kept")
        try Data("old\n".utf8).write(to: kept)
        let queue = AtomicFileQueue()
        queue.write(Array("x".utf8), to: directory.path)
        // A folder that cannot be made: below a regular file.
        queue.write(Array("y".utf8), to: kept.appendingPathComponent("missing/kept").path)
        queue.write(Array("new\n".utf8), to: kept.path)
        let failures = queue.finish()
        #expect(failures.map(\.path) == [directory.path, kept.appendingPathComponent("missing/kept").path])
        #expect(failures.map(\.message) == ["cannot write: it is a directory", "cannot write: its folder cannot be created"])
        #expect(queue.finish().isEmpty, "a failure is reported once")
        #expect(try String(contentsOf: kept, encoding: .utf8) == "new\n")
    }
}
