import Foundation
import TestSupport
import Testing

/// A render that runs out of disk space mid-write leaves the previous diagram as it was and
/// no temporary file behind. Needs a small tmpfs, so root; elsewhere the test is skipped.
@Suite struct FullDiskTests {
    static func mount(_ directory: URL, size: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", directory.path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func unmount(_ directory: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [directory.path]
        try? process.run()
        process.waitUntilExit()
    }

    static let canMount: Bool = {
        guard getuid() == 0, let directory = try? CommandRunner.temporaryDirectory() else { return false }
        defer { unmount(directory) }
        return mount(directory, size: "16k")
    }()

    @Test(.enabled(if: canMount, "mounting a small tmpfs needs root"))
    func aFullDiskKeepsThePreviousDiagram() throws {
        let disk = try CommandRunner.temporaryDirectory()
        #expect(Self.mount(disk, size: "64k"))
        defer { Self.unmount(disk) }
        let output = disk.appendingPathComponent("flow.svg")
        let previous = Data("<svg>previous</svg>\n".utf8)
        try previous.write(to: output)
        // Leave less room than the TCP diagram needs (about 16 KB).
        try Data(count: 52 * 1024).write(to: disk.appendingPathComponent("filler"))
        let result = try CommandRunner.run(["render", "samples/tcp.json", "-o", output.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(try Data(contentsOf: output) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["filler", "flow.svg"])
    }

    @Test(.enabled(if: canMount, "mounting a small tmpfs needs root"))
    func aBatchThatFillsTheDiskKeepsEveryPreviousDiagram() throws {
        let disk = try CommandRunner.temporaryDirectory()
        #expect(Self.mount(disk, size: "64k"))
        defer { Self.unmount(disk) }
        let previous = Data("<svg>previous</svg>\n".utf8)
        let names = ["tcp", "transporter-door", "ef-load-state"]
        for name in names { try previous.write(to: disk.appendingPathComponent("\(name).svg")) }
        // Room for about one of these diagrams (6 to 17 KB each) beside the old ones, not for all four.
        try Data(count: 30 * 1024).write(to: disk.appendingPathComponent("filler"))
        let result = try CommandRunner.run(
            ["render"] + names.map { "samples/\($0).json" } + ["samples/tcp.json", "-o", disk.path + "/"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        for name in names {
            let svg = try Data(contentsOf: disk.appendingPathComponent("\(name).svg"))
            #expect(svg == previous || String(decoding: svg, as: UTF8.self).hasSuffix("</svg>\n"), "\(name).svg is whole")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted()
        #expect(left == ["ef-load-state.svg", "filler", "tcp.svg", "transporter-door.svg"], "no temporary file left")
    }
}
