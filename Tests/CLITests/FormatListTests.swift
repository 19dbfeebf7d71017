import Foundation
import TestSupport
import Testing

/// The lists of formats, extensions and layout bounds that README.md and docs/interop.md
/// repeat agree with the code. The help texts are made from the code (the `(values: ...)`
/// lists by swift-argument-parser, the rest by `HelpLists`), so the pages are compared with
/// `fsmviz render --help`, `lint --help` and `convert --help`; a page that names one format,
/// extension or bound more or less than the code fails here.
@Suite struct FormatListTests {
    /// A help text with its lines joined, as one sentence per paragraph.
    static func help(_ command: String) throws -> String {
        let result = try CommandRunner.run([command, "--help"])
        #expect(result.status == 0)
        return result.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func page(_ name: String) throws -> String {
        try String(contentsOf: Golden.packageRoot.appendingPathComponent(name), encoding: .utf8)
    }

    /// The text of `text` between the first `start` and the next `end` after it.
    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
        else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    /// The values swift-argument-parser lists for `option` in a help text: `(values: a, b)`,
    /// or `(values: a, b; default: a)`.
    static func values(of option: String, in help: String) -> Set<String> {
        // The last mention is the option's own line: the usage line and the examples come first.
        guard let start = help.range(of: option + " <", options: .backwards),
            let text = between(String(help[start.upperBound...]), "(values: ", ")")
        else { return [] }
        return Set((text.components(separatedBy: ";").first ?? "").components(separatedBy: ", "))
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The `` `code` `` spans of `text`, without what parentheses enclose.
    static func codeSpans(_ text: String) -> [String] {
        let unbracketed = text.replacingOccurrences(of: #"\([^()]*\)"#, with: "", options: .regularExpression)
        return matches("`([^`]+)`", in: unbracketed).map { $0[0] }
    }

    /// The extensions (`.svg`) named in `text`, without their dots.
    static func extensions(_ text: String) -> Set<String> {
        Set(matches(#"(?<![\w/])\.([a-z]+)\b"#, in: text).map { $0[0] })
    }

    /// The second cell of the README's option table row for `option`.
    static func readmeOption(_ option: String, in readme: String) -> String {
        let row = readme.components(separatedBy: "\n").first { $0.hasPrefix("| `\(option)") } ?? ""
        return row.components(separatedBy: " | ").dropFirst().first ?? ""
    }

    /// `dot 600, circo 600` or `` `dot` and `circo` 600 ``: each engine with the number after it.
    static func bounds(_ text: String) -> [String: String] {
        var bounds: [String: String] = [:]
        var pending: [String] = []
        for token in matches(#"`?([a-z]+)`?|([\d,]+\d)"#, in: text) {
            if !token[0].isEmpty {
                if !["and", "so", "also"].contains(token[0]) { pending.append(token[0]) }
            } else {
                for engine in pending { bounds[engine] = token[1] }
                pending = []
            }
        }
        return bounds
    }

    @Test func readmeOptionsNameWhatTheCommandsTake() throws {
        let readme = try Self.page("README.md")
        let render = try Self.help("render")
        let formats = Self.values(of: "--format", in: render)
        let engines = Self.values(of: "--engine", in: render)
        let from = Self.values(of: "--from", in: render)
        #expect(!formats.isEmpty && !engines.isEmpty && !from.isEmpty, "render --help lists no values:\n\(render)")

        #expect(Set(Self.codeSpans(Self.readmeOption("--format", in: readme))) == formats)
        #expect(Set(Self.codeSpans(Self.readmeOption("--engine", in: readme))) == engines)
        let fromCell = Self.readmeOption("--from FORMAT", in: readme)
        #expect(Set(Self.codeSpans(fromCell.components(separatedBy: "(").first ?? "")) == from)
    }

    @Test func readmeLayoutBoundsAreRendersOwn() throws {
        let readme = try Self.page("README.md")
        let render = try Self.help("render")
        let helpBounds = Self.bounds(Self.between(render, "about 20 seconds): ", ". --max-layout-transitions") ?? "")
        #expect(helpBounds.count >= 6, "render --help lists no bounds:\n\(render)")
        let row = Self.readmeOption("--max-layout-transitions N", in: readme)
        #expect(Self.bounds(Self.between(row, "by default ", ", where") ?? "") == helpBounds)
    }

    @Test func readmeNamesEveryExtensionRenderReads() throws {
        let readme = try Self.page("README.md")
        let render = try Self.help("render")
        let named = Self.extensions(Self.between(render, "(default: from the output's extension, ", ", else svg)") ?? "")
        #expect(named.isSuperset(of: ["svg", "html", "png", "pdf", "dot"]), "\(render)")
        let example = Self.between(readme, "# format from the extension: ", "\n") ?? ""
        #expect(Self.extensions(example) == named)
    }

    /// docs/interop.md's table of formats: what each reads and writes and its extensions.
    @Test func interopTableIsWhatConvertReadsAndWrites() throws {
        let interop = try Self.page("docs/interop.md")
        let convert = try Self.help("convert")
        let from = Self.values(of: "--from", in: convert).subtracting(["swift"])
        let to = Self.values(of: "--to", in: convert)
        let extensionText = Self.between(convert, "Formats come from the extensions: ", ". --from and --to") ?? ""
        var expected: [String: Set<String>] = [:]
        for match in Self.matches(#"((?:\.\w+(?:, | or ))*\.\w+) \(([\w-]+)\)"#, in: extensionText) {
            expected[match[1]] = Self.extensions(match[0])
        }
        let shaped = Self.between(extensionText, "; ", " are recognised") ?? ""
        let shapedExtensions = Self.extensions(Self.between(extensionText, "by their shape in ", " files") ?? "")
        for format in shaped.components(separatedBy: ", ").flatMap({ $0.components(separatedBy: " and ") }) {
            expected[format] = shapedExtensions
        }
        for match in Self.matches(#"\.(\w+) files are read as ([\w-]+)"#, in: extensionText) {
            expected[match[1], default: []].insert(match[0])
        }
        #expect(expected.count >= 8, "convert --help names no formats:\n\(convert)")

        let rows = interop.components(separatedBy: "\n").drop { !$0.hasPrefix("| format | extension |") }.dropFirst(2)
            .prefix { $0.hasPrefix("|") }
        var seen: Set<String> = []
        for row in rows {
            let cells = row.components(separatedBy: " | ")
            guard cells.count == 5, let name = Self.codeSpans(cells[4]).first else {
                Issue.record("docs/interop.md: a row of the formats table this test cannot read: \(row)")
                continue
            }
            seen.insert(name)
            #expect(Self.extensions(cells[1]) == expected[name], "docs/interop.md, \(name)'s extensions")
            #expect((cells[2] == "yes") == from.contains(name), "docs/interop.md, whether fsmviz reads \(name)")
            #expect((cells[3] == "yes") == to.contains(name), "docs/interop.md, whether fsmviz writes \(name)")
        }
        #expect(seen == from.union(to), "docs/interop.md's table names these formats")
    }

    /// The report formats of `lint`, as README.md and docs/lint.md's option table name them.
    @Test func lintReportFormatsAreLintsOwn() throws {
        let lint = try Self.help("lint")
        let formats = Self.values(of: "--format", in: lint)
        #expect(formats.isSuperset(of: ["text", "sarif"]), "\(lint)")
        let readme = try Self.page("README.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(Set(Self.codeSpans(Self.between(readme, "...) report ", ".") ?? "")) == formats)
        let row = try Self.page("docs/lint.md").components(separatedBy: "\n").first { $0.hasPrefix("| `--format` |") } ?? ""
        #expect(Set(Self.codeSpans(Self.between(row, "| `--format` |", ";") ?? "")) == formats)
    }

    /// The machine files a directory search finds, as `lint --help` says, and as
    /// docs/interop.md's first example says.
    @Test func interopSaysWhatLintSearches() throws {
        let interop = try Self.page("docs/interop.md")
        let lint = try Self.help("lint")
        let searched = Self.extensions(Self.between(lint, "Directories are searched for ", ", skipping") ?? "")
        #expect(searched.isSuperset(of: ["json", "yaml", "yml", "scxml", "xml", "swift"]), "\(lint)")
        let example = Self.between(interop, "fsmviz lint machines/", "\n") ?? ""
        #expect(Self.extensions(example) == searched.subtracting(["swift"]))
    }
}
