import Foundation
import PropertyBased
import TestSupport
import Testing

/// `fsmviz sync` on random Markdown a stranger could write: LF, CRLF or CR line endings, a
/// byte-order mark, bytes that are not UTF-8, markers in and out of code blocks, image links
/// that lead out of the repository or are URLs, machines outside it. Whatever it makes of them,
/// it changes no byte of the Markdown outside the Mermaid blocks it replaces, writes no file but
/// the images its valid markers name, and touches nothing outside the repository.
@Suite struct SyncPropertyTests {
    /// The kinds of block a file is made of; each number of the generated list picks one.
    enum Block: Int, CaseIterable {
        case text, image, escapingImage, absoluteImage, urlImage, mermaid, fencedMarker, indentedMarker, outsideMachine, notUTF8
    }

    /// The block a generated number picks: each kind, and harmless ones twice as often, so that
    /// most files hold no hostile block and their images must all be drawn.
    static func block(_ number: Int) -> Block {
        let harmless: [Block] = [.text, .image, .mermaid, .urlImage, .fencedMarker, .indentedMarker]
        let kind = number % (Block.allCases.count + harmless.count)
        return kind < Block.allCases.count ? Block.allCases[kind] : harmless[kind - Block.allCases.count]
    }

    /// A Markdown file built from `blocks` with the line ending and byte-order mark `style`
    /// picks, and the images inside the repository that its valid markers name.
    static func markdown(_ blocks: [Int], style: Int, outside: URL) -> (bytes: [UInt8], images: Set<String>) {
        let ending = ["\n", "\r\n", "\r"][style % 3]
        var bytes: [UInt8] = style >= 3 ? [0xEF, 0xBB, 0xBF] : []
        var images: Set<String> = []
        let marker = "<!-- fsmviz: ../machines/door.json -->"
        func line(_ text: String) { bytes += Array((text + ending).utf8) }
        for (index, number) in blocks.enumerated() {
            switch Self.block(number) {
            case .text: line("Text \(index): café, `code`, <b>html</b>")
            case .image:
                line(marker)
                line("![Door](door-\(index).svg)")
                images.insert("docs/door-\(index).svg")
            case .escapingImage:
                line(marker)
                line("![Away](../../home/escaped-\(index).svg)")
            case .absoluteImage:
                line(marker)
                line("![Away](\(outside.path)/absolute-\(index).svg)")
            case .urlImage:
                line(marker)
                line("![Remote](https://example.com/door-\(index).svg)")
            case .mermaid:
                line(marker)
                line("```mermaid")
                line("stale \(index)")
                line("```")
            case .fencedMarker:
                line("```")
                line(marker)
                line("![Fenced](fenced-\(index).svg)")
                line("```")
            case .indentedMarker:
                line("")
                line("    " + marker)
                line("    ![Indented](indented-\(index).svg)")
            case .outsideMachine:
                line("<!-- fsmviz: ../../home/secret.json -->")
                line("![Secret](secret-\(index).svg)")
            case .notUTF8:
                bytes += Array("Caf".utf8) + [0xE9] + Array(ending.utf8)
            }
        }
        return (bytes, images)
    }

    /// The file's lines (each with its line break) without the contents of the Mermaid blocks
    /// that markers outside code blocks mark: what sync may not change.
    static func skeleton(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for (offset, byte) in bytes.enumerated() {
            current.append(byte)
            let next = offset + 1 < bytes.count ? bytes[offset + 1] : nil
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next != UInt8(ascii: "\n")) {
                lines.append(current)
                current = []
            }
        }
        if !current.isEmpty { lines.append(current) }
        func text(_ line: [UInt8]) -> String {
            String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines).trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}"))
        }
        var kept: [[UInt8]] = []
        var inFence = false
        var index = 0
        while index < lines.count {
            let here = text(lines[index])
            kept.append(lines[index])
            if here.hasPrefix("```") { inFence.toggle() }
            if !inFence, here.hasPrefix("<!-- fsmviz:"), index + 1 < lines.count, text(lines[index + 1]) == "```mermaid" {
                kept.append(lines[index + 1])
                index += 2
                while index < lines.count, text(lines[index]) != "```" { index += 1 }
                if index < lines.count { kept.append(lines[index]) }
                index += 1
                continue
            }
            index += 1
        }
        return kept
    }

    /// Every regular file below `directory`, by its path relative to it, with its bytes.
    static func files(below directory: URL) -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        let prefix = directory.resolvingSymlinksInPath().path + "/"
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [:] }
        for case let url as URL in walk {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            found[String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count))] = (try? Data(contentsOf: url)).map { [UInt8]($0) }
        }
        return found
    }

    @Test func syncChangesOnlyWhatItWasAskedToAndNothingOutsideTheRepository() async {
        let drawn = AcceptedCases()
        await propertyCheck(
            count: TestScale.count(100), input: Gen<Int>.int(in: 0...99).array(of: 1...10), Gen<Int>.int(in: 0...5)
        ) { blocks, style in
            do {
                let tree = try HostileSyncTests.Tree()
                try Data(#"{"initial": "A", "states": ["A"]}"#.utf8).write(to: tree.outside.appendingPathComponent("secret.json"))
                let (markdown, images) = Self.markdown(blocks, style: style, outside: tree.outside)
                try tree.write(markdown, to: "docs/guide.md")
                let outsideBefore = Self.files(below: tree.outside)
                let rootBefore = Self.files(below: tree.root)
                let result = try tree.run(["sync", "docs/guide.md"])
                #expect(result.status == 0 || result.status == 2, "\(result.stderr)")
                #expect(Self.files(below: tree.outside) == outsideBefore, "something outside the repository changed")
                let rootAfter = Self.files(below: tree.root)
                for (path, bytes) in rootAfter where path != "docs/guide.md" && !images.contains(path) {
                    #expect(rootBefore[path] == bytes, "\(path) was written")
                }
                let synced = tree.bytes("docs/guide.md")
                #expect(Self.skeleton(synced) == Self.skeleton(markdown), "bytes outside the Mermaid blocks changed")
                let hostile: Set<Block> = [.escapingImage, .absoluteImage, .outsideMachine, .notUTF8]
                if blocks.allSatisfy({ !hostile.contains(Self.block($0)) }) {
                    #expect(result.status == 0, "\(result.stderr)")
                    #expect(images.allSatisfy { rootAfter[$0] != nil }, "a marked image was not drawn")
                    drawn.add()
                }
                if blocks.contains(where: { Self.block($0) == .notUTF8 }) {
                    #expect(synced == markdown, "Markdown that is not UTF-8 was rewritten")
                }
            } catch {
                Issue.record("\(error)")
            }
        }
        drawn.expect(atLeast: 1)
    }
}
