import Foundation
import Synchronization
import TestSupport
import Testing

/// `fsmviz sync` given Markdown written by a stranger: it reads and writes only regular files
/// inside the repository, finds every marker whatever the line endings, and never changes a
/// byte it was not asked to.
@Suite struct HostileSyncTests {
    /// A repository root (`root`, holding `docs/` and `machines/door.json`) and a directory
    /// beside it that stands for the rest of the disk (`outside`).
    struct Tree {
        let root: URL
        let outside: URL

        init() throws {
            let base = try CommandRunner.temporaryDirectory()
            root = base.appendingPathComponent("repository")
            outside = base.appendingPathComponent("home")
            for directory in ["repository/docs", "repository/machines", "home"] {
                try FileManager.default.createDirectory(at: base.appendingPathComponent(directory), withIntermediateDirectories: true)
            }
            try write(SyncCommandTests.machine("Open"), to: "machines/door.json")
        }

        func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }
        func write(_ bytes: [UInt8], to path: String) throws { try Data(bytes).write(to: root.appendingPathComponent(path)) }
        func bytes(_ path: String) -> [UInt8] { (try? Data(contentsOf: root.appendingPathComponent(path))).map { [UInt8]($0) } ?? [] }
        func exists(_ url: URL) -> Bool { (try? url.checkResourceIsReachable()) == true }
        func link(_ path: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(path).path, withDestinationPath: destination)
        }
        /// `fsmviz ARGUMENTS` in the root, stopped after 120 s so that a hang fails the test (generous:
        /// under the address sanitizer beside every other suite, one run has taken over 10 s).
        func run(_ arguments: [String]) throws -> CommandRunner.Result {
            try CommandRunner.run(
                ["-s", "KILL", "120", CommandRunner.executable.path] + arguments, in: root, program: URL(fileURLWithPath: "/usr/bin/timeout"))
        }
    }

    @Test func imagesOutsideTheRootOrThroughLinksOutOfItAreRefusedAtTheirLine() throws {
        let tree = try Tree()
        let victim = tree.outside.appendingPathComponent("bashrc")
        try Data("export PATH\n".utf8).write(to: victim)
        try FileManager.default.createDirectory(at: tree.root.appendingPathComponent("docs/images"), withIntermediateDirectories: true)
        try tree.link("docs/images/evil.svg", to: victim.path)
        try tree.link("docs/linked", to: tree.outside.path)
        try tree.link("docs/images/dangling.svg", to: tree.outside.appendingPathComponent("new.svg").path)
        try tree.write(
            """
            <!-- fsmviz: ../machines/door.json -->
            ![a](../../home/up.svg)

            <!-- fsmviz: ../machines/door.json -->
            ![b](\(tree.outside.path)/absolute/b.svg)

            <!-- fsmviz: ../machines/door.json -->
            ![c](images/evil.svg)

            <!-- fsmviz: ../machines/door.json -->
            ![d](linked/made/d.svg)

            <!-- fsmviz: ../machines/door.json -->
            ![e](images/dangling.svg)

            <!-- fsmviz: ../machines/door.json -->
            ![inside](../images/door.svg)

            """, to: "docs/guide.md")
        let result = try tree.run(["sync", "docs/guide.md"])
        #expect(result.status == 2, "\(result.stderr)")
        for line in [1, 4, 7, 10, 13] {
            #expect(result.stderr.contains("docs/guide.md:\(line + 1):"), "line \(line + 1) not refused: \(result.stderr)")
        }
        #expect(result.stderr.contains("outside the repository"), "\(result.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "export PATH\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.outside.path) == ["bashrc"])
        #expect(!tree.exists(tree.root.deletingLastPathComponent().appendingPathComponent("up.svg")))
        // A drawing beside the Markdown file's directory, inside the root, is still made.
        #expect(String(decoding: tree.bytes("images/door.svg"), as: UTF8.self).contains("</svg>"), "\(result.stderr)")
    }

    @Test func aRootGivenWithAnOptionBoundsTheWritesToo() throws {
        let tree = try Tree()
        try tree.write("<!-- fsmviz: ../machines/door.json -->\n![x](../images/door.svg)\n", to: "docs/guide.md")
        let bounded = try tree.run(["sync", "--root", "docs", "docs/guide.md"])
        #expect(bounded.status == 2, "\(bounded.stderr)")
        #expect(bounded.stderr.contains("docs/guide.md:1:"), "\(bounded.stderr)")
        #expect(!tree.exists(tree.root.appendingPathComponent("images")))
        #expect(try tree.run(["sync", "--root", ".", "docs/guide.md"]).status == 0)
    }

    @Test func anImageLinkThatIsAURLIsLeftAlone() throws {
        let tree = try Tree()
        let text = "<!-- fsmviz: ../machines/door.json -->\n![x](https://example.com/door.svg)\n"
        try tree.write(text, to: "docs/guide.md")
        let result = try tree.run(["sync", "docs/guide.md"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root.appendingPathComponent("docs").path) == ["guide.md"])
        #expect(tree.bytes("docs/guide.md") == Array(text.utf8))
    }

    @Test func machinesOutsideTheRootAreRefusedWithoutBeingRead() throws {
        let tree = try Tree()
        let secret = tree.outside.appendingPathComponent("config.json")
        try Data(#"{"aws_secret_access_key": "hunter2"}"#.utf8).write(to: secret)
        try tree.link("machines/link.json", to: secret.path)
        try tree.write(
            """
            <!-- fsmviz: ../../home/config.json -->
            ![a](a.svg)

            <!-- fsmviz: \(secret.path) -->
            ![b](b.svg)

            <!-- fsmviz: ../machines/link.json -->
            ![c](c.svg)

            """, to: "docs/guide.md")
        let result = try tree.run(["sync", "--check", "docs/guide.md"])
        #expect(result.status == 2, "\(result.stderr)")
        for line in [1, 4, 7] { #expect(result.stderr.contains("docs/guide.md:\(line):"), "\(result.stderr)") }
        #expect(!result.stderr.contains("aws_secret_access_key") && !result.stderr.contains("hunter2"), "\(result.stderr)")
    }

    @Test func machinesThatAreNotRegularFilesAreRefusedWithoutWaiting() throws {
        let tree = try Tree()
        #expect(mkfifo(tree.root.appendingPathComponent("machines/fifo.json").path, 0o600) == 0)
        try tree.link("machines/stdin.json", to: "/dev/stdin")
        try tree.write(
            "<!-- fsmviz: ../machines/fifo.json -->\n![a](a.svg)\n\n<!-- fsmviz: ../machines/stdin.json -->\n![b](b.svg)\n",
            to: "docs/guide.md")
        let result = try tree.run(["sync", "--check", "docs/guide.md"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("docs/guide.md:1:") && result.stderr.contains("docs/guide.md:4:"), "\(result.stderr)")
        #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
    }

    @Test func aMarkdownFileThatIsNotARegularFileIsRefused() throws {
        let tree = try Tree()
        #expect(mkfifo(tree.root.appendingPathComponent("docs/fifo.md").path, 0o600) == 0)
        let result = try tree.run(["sync", "--check", "docs/fifo.md"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("docs/fifo.md") && result.stderr.contains("not a regular file"), "\(result.stderr)")
    }

    /// The same stale Markdown, with each kind of line ending and a byte-order mark.
    @Test(arguments: ["\n", "\r\n", "\r"], [false, true])
    func markersAreFoundWhateverTheLineEndings(ending: String, bom: Bool) throws {
        let tree = try Tree()
        let lines = ["<!-- fsmviz: ../machines/door.json -->", "```mermaid", "stale", "```", "", "Text.", ""]
        let text = (bom ? "\u{FEFF}" : "") + lines.joined(separator: ending)
        try tree.write(text, to: "docs/guide.md")
        let check = try tree.run(["sync", "--check", "docs/guide.md"])
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("docs/guide.md:1: stale: the mermaid block"), "\(check.stderr)")
        let sync = try tree.run(["sync", "docs/guide.md"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let synced = String(decoding: tree.bytes("docs/guide.md"), as: UTF8.self)
        #expect(synced.hasPrefix((bom ? "\u{FEFF}" : "") + lines[0] + ending + lines[1] + ending + "stateDiagram-v2" + ending), "\(synced.debugDescription)")
        #expect(synced.hasSuffix("```" + ending + ending + "Text." + ending), "\(synced.debugDescription)")
        if ending != "\n" { #expect(!synced.unicodeScalars.contains { $0 == "\n" } || ending == "\r\n") }
        if ending == "\r\n" { #expect(!synced.replacingOccurrences(of: "\r\n", with: "").contains("\n")) }
        #expect(try tree.run(["sync", "--check", "docs/guide.md"]).status == 0)
    }

    @Test func commentsInIndentedCodeBlocksAreNotMarkers() throws {
        let tree = try Tree()
        let text = "An example:\n\n    <!-- fsmviz: ../machines/door.json -->\n    ![x](x.svg)\n\nText.\n"
        try tree.write(text, to: "docs/guide.md")
        let result = try tree.run(["sync", "docs/guide.md"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!tree.exists(tree.root.appendingPathComponent("docs/x.svg")))
        #expect(tree.bytes("docs/guide.md") == Array(text.utf8))
    }

    @Test func srcsetCandidateListsAndDarkModeFragmentsAreUnderstood() throws {
        let tree = try Tree()
        try tree.write(
            """
            <!-- fsmviz: ../machines/door.json -->
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="dark.svg, dark-wide.svg 2x">
              <img alt="The door" src="light.svg">
            </picture>

            <!-- fsmviz: ../machines/door.json -->
            ![The door](gh-light.svg#gh-light-mode-only)
            ![The door](gh-dark.svg#gh-dark-mode-only)

            """, to: "docs/guide.md")
        let result = try tree.run(["sync", "docs/guide.md"])
        #expect(result.status == 0, "\(result.stderr)")
        let light = tree.bytes("docs/light.svg")
        let dark = tree.bytes("docs/dark.svg")
        #expect(String(decoding: light, as: UTF8.self).contains("</svg>") && !light.isEmpty && light != dark)
        #expect(tree.bytes("docs/dark-wide.svg") == dark)
        #expect(tree.bytes("docs/gh-light.svg") == light)
        #expect(tree.bytes("docs/gh-dark.svg") == dark)
        let names = try FileManager.default.contentsOfDirectory(atPath: tree.root.appendingPathComponent("docs").path)
        #expect(!names.contains { $0.contains("#") || $0.contains(" ") || $0.contains(",") }, "\(names)")
    }

    /// 3,000 markers naming one machine: the run opens the machine file once, and every marked
    /// block is brought up to date. inotify merges an open into the last one while that is still
    /// unread, so a thread reads them as they come, and a second open shows as a second event.
    @Test func manyMarkersOfOneMachineReadItOnce() throws {
        let tree = try Tree()
        let block = "<!-- fsmviz: ../machines/door.json -->\n```mermaid\nstale\n```\n"
        try tree.write(String(repeating: block, count: 3_000), to: "docs/guide.md")
        let watcher = inotify_init1(Int32(IN_CLOEXEC))
        try #require(watcher >= 0 && inotify_add_watch(watcher, tree.root.appendingPathComponent("machines/door.json").path, UInt32(IN_OPEN)) >= 0)
        let opens = Mutex(0)
        var stop: [Int32] = [-1, -1]
        try #require(pipe(&stop) == 0)
        let finished = DispatchSemaphore(value: 0)
        let stopRead = stop[0]
        Thread.detachNewThread {
            defer { finished.signal() }
            var events = [UInt8](repeating: 0, count: 4_096)
            var ready = [pollfd(fd: watcher, events: Int16(POLLIN), revents: 0), pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
            while poll(&ready, 2, -1) > 0 {
                if ready[0].revents != 0 {
                    let length = read(watcher, &events, events.count)
                    guard length > 0 else { return }
                    opens.withLock { $0 += length / MemoryLayout<inotify_event>.size }
                } else if ready[1].revents != 0 {
                    return
                }
            }
        }
        let result = try tree.run(["sync", "docs/guide.md"])
        // Opens the run made are queued before it exits; the reader takes them before the stop.
        _ = write(stop[1], "x", 1)
        finished.wait()
        for descriptor in stop + [watcher] { close(descriptor) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(opens.withLock { $0 } == 1, "the machine file was opened \(opens.withLock { $0 }) times")
        let synced = String(decoding: tree.bytes("docs/guide.md"), as: UTF8.self)
        #expect(!synced.contains("stale"))
        #expect(synced.components(separatedBy: "stateDiagram-v2").count == 3_001)
    }

    @Test func markdownThatIsNotUTF8IsRefusedAtTheByteAndKept() throws {
        let tree = try Tree()
        let bytes = Array("<!-- fsmviz: ../machines/door.json -->\n```mermaid\nstale\n```\n\nCaf".utf8) + [0xE9] + Array("\n".utf8)
        try tree.write(bytes, to: "docs/guide.md")
        let result = try tree.run(["sync", "docs/guide.md"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("docs/guide.md:6:4: error:") && result.stderr.contains("UTF-8"), "\(result.stderr)")
        #expect(tree.bytes("docs/guide.md") == bytes)
    }

    @Test func bytesOutsideTheReplacedBlockAreKeptExactly() throws {
        let tree = try Tree()
        let before = "# Mixed\r\nA line with a lone CR\rand trailing spaces   \n\u{FEFF}not a BOM here\n\u{301}combining start\r\n"
        let after = "\n\nTabs\tand\u{0}NUL\r\nno final line break"
        try tree.write(before + "<!-- fsmviz: ../machines/door.json -->\n```mermaid\nstale\n```" + after, to: "docs/guide.md")
        let result = try tree.run(["sync", "docs/guide.md"])
        #expect(result.status == 0, "\(result.stderr)")
        let synced = tree.bytes("docs/guide.md")
        #expect(synced.starts(with: Array(before.utf8)))
        #expect(synced.reversed().starts(with: Array(after.utf8).reversed()))
        #expect(String(decoding: synced, as: UTF8.self).contains("\n```mermaid\nstateDiagram-v2\n"))
    }

    @Test func aReadOnlyMarkdownFileIsNotReplaced() throws {
        let tree = try Tree()
        let text = "<!-- fsmviz: ../machines/door.json -->\n```mermaid\nstale\n```\n"
        try tree.write(text, to: "docs/guide.md")
        let path = tree.root.appendingPathComponent("docs/guide.md").path
        #expect(chmod(path, 0o444) == 0)
        let result = try tree.run(["sync", "docs/guide.md"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("docs/guide.md") && result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(tree.bytes("docs/guide.md") == Array(text.utf8))
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o444)
    }

    @Test func anImagePathThatIsADirectoryFailsBeforeUpdatedIsSaid() throws {
        let tree = try Tree()
        try FileManager.default.createDirectory(at: tree.root.appendingPathComponent("docs/door.svg"), withIntermediateDirectories: true)
        try tree.write("<!-- fsmviz: ../machines/door.json -->\n![x](door.svg)\n", to: "docs/guide.md")
        let result = try tree.run(["sync", "docs/guide.md"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("docs/guide.md:2:") && result.stderr.contains("directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("updated"), "\(result.stderr)")
    }
}
