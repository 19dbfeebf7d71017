import FSMCore
import Foundation
import TestSupport
import Testing

/// Writing below a directory whose names and links a stranger chose: nothing lands outside it.
@Suite struct ConfinedPathTests {
    @Test(arguments: ["../settings.json", "a/../../x.json", "/etc/x.json", "a//b.json", "./a.json", "a/", ""])
    func aPathThatCouldLeaveTheDirectoryIsRefused(path: String) {
        #expect(throws: Diagnostic.self) { try ConfinedPath(path) }
    }

    @Test func aPathIsTakenBelowItsRootAsWritten() throws {
        #expect(try ConfinedPath("/w/out/./x.svg", below: "/w").components == ["out", "x.svg"])
        #expect(throws: Diagnostic.self) { try ConfinedPath("/w/../x.svg", below: "/w") }
        #expect(throws: Diagnostic.self) { try ConfinedPath("/elsewhere/x.svg", below: "/w") }
    }

    /// A directory of links standing for a checkout, and a file beside it standing for the rest
    /// of the disk.
    static func checkout() throws -> (root: String, outside: String) {
        let base = try CommandRunner.temporaryDirectory().path
        let root = base + "/checkout"
        try FileManager.default.createDirectory(atPath: root + "/drawings", withIntermediateDirectories: true)
        try Data("user file".utf8).write(to: URL(fileURLWithPath: base + "/target"))
        try FileManager.default.createSymbolicLink(atPath: root + "/report.sarif", withDestinationPath: "../target")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: base)
        return (root, base + "/target")
    }

    @Test(arguments: ["report.sarif", "linked/target", "linked/new/x.svg"])
    func noLinkBelowTheRootIsFollowed(path: String) throws {
        let (root, outside) = try Self.checkout()
        #expect(throws: Diagnostic.self) { try AtomicFile.write(Array("new".utf8), to: ConfinedPath(path), under: root) }
        #expect(throws: Diagnostic.self) { try ConfinedPath(path).createFile(under: root) }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "user file")
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: outside).deletingLastPathComponent().path + "/new"))
    }

    @Test func missingDirectoriesAreCreatedAndAFileReplaced() throws {
        let (root, _) = try Self.checkout()
        try AtomicFile.write(Array("one".utf8), to: ConfinedPath("drawings/a/b.svg"), under: root)
        try AtomicFile.write(Array("two".utf8), to: ConfinedPath("drawings/a/b.svg"), under: root)
        #expect(try String(contentsOfFile: root + "/drawings/a/b.svg", encoding: .utf8) == "two")
        let descriptor = try ConfinedPath("copies/c.json").createFile(under: root)
        #expect(close(descriptor) == 0)
        #expect(throws: Diagnostic.self) { try ConfinedPath("copies/c.json").createFile(under: root) }
    }

    @Test func aPrivateDirectoryIsOnlyItsOwners() throws {
        let parent = try CommandRunner.temporaryDirectory().path
        let made = try ConfinedPath.makePrivateDirectory(in: parent, prefix: "fsmviz-diff-")
        var status = stat()
        #expect(stat(made, &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(made.hasPrefix(parent + "/fsmviz-diff-"))
    }
}
