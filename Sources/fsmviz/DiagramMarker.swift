import FSMCore
import Foundation

/// A place in a Markdown file that `fsmviz sync` keeps drawn from a machine file: an HTML
/// comment `<!-- fsmviz: PATH -->` and, on the next line, what it keeps up to date. A comment
/// `<!-- fsmviz: PATH --against REF -->` keeps a drawing of what changed in the machine since
/// git revision REF instead, as `fsmviz diff --against REF PATH -o` draws it; one with
/// `--machine NAME` draws the machine of that name where PATH holds several (a Swift file), as
/// the command line's `--machine` picks it.
struct DiagramMarker: Equatable {
    /// An image file the marker keeps drawn.
    struct Drawing: Equatable {
        /// The file, as the Markdown names it (relative to the Markdown file), without a
        /// `#fragment` or `?query` and with percent escapes decoded.
        var path: String
        /// The 0-based line that names it.
        var line: Int
        /// Whether it is drawn in the dark theme.
        var dark: Bool
    }

    /// What follows the comment.
    enum Target: Equatable {
        /// A fenced `mermaid` block; its lines (between the fences) are the machine's Mermaid.
        case mermaid(contents: Range<Int>)
        /// Image files drawn from the machine: an image link `![alt](PATH)`'s (a pair of them
        /// with GitHub's `#gh-light-mode-only` and `#gh-dark-mode-only`), or GitHub's
        /// `<picture>`, whose `<img src>` is drawn in the standard theme and whose `<source
        /// media="(prefers-color-scheme: dark)" srcset>` candidates in the dark one. Images
        /// that are URLs are left alone, so this may be empty.
        case drawings([Drawing])
    }

    /// The comment's line, from 0.
    var line: Int
    /// The machine file, as the comment names it (relative to the Markdown file).
    var machine: String
    /// The git revision whose version of the machine the drawing shows the changes since, or
    /// `nil` for a drawing of the machine itself.
    var against: String? = nil
    /// The machine of PATH the marker draws, where PATH holds several; `nil` for the only one
    /// (or the one the command line's `--machine` names).
    var name: String? = nil
    var target: Target

    /// The markers of a Markdown file's `lines` (without their line breaks or a byte-order
    /// mark), and an error for each comment that is not followed by something to keep in sync
    /// (with its 0-based line). Comments inside fenced or indented code blocks are examples,
    /// not markers.
    static func find(in lines: [Substring]) -> (markers: [DiagramMarker], errors: [(line: Int, message: String)]) {
        var markers: [DiagramMarker] = []
        var errors: [(line: Int, message: String)] = []
        var openFence: Fence?
        // An indented code block starts after a blank line (it cannot interrupt a paragraph)
        // and goes on through blank lines while lines stay indented.
        var inIndentedCode = false
        var afterBlank = true
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index]
            if let open = openFence {
                if Fence.closes(open, line) { openFence = nil }
                continue
            }
            if line.trimmingWhitespace.isEmpty {
                afterBlank = true
                continue
            }
            if Fence.indentation(of: line) >= 4, inIndentedCode || afterBlank {
                inIndentedCode = true
                afterBlank = false
                continue
            }
            inIndentedCode = false
            afterBlank = false
            if let fence = Fence(line) {
                openFence = fence
                continue
            }
            guard let (machine, against, name) = machinePath(in: line) else { continue }
            guard machine.isEmpty == false, against?.isEmpty != true, name?.isEmpty != true else {
                errors.append(
                    (
                        index,
                        "the fsmviz comment names no machine file, revision or machine: write <!-- fsmviz: PATH -->, "
                            + "with --against REF or --machine NAME after PATH where needed"
                    ))
                continue
            }
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            let mermaid = Fence(next).map { $0.info.split(separator: " ").first == "mermaid" } == true
            if against != nil, mermaid {
                errors.append((index, "a drawing of what changed (--against) is an image link or a <picture>, not a mermaid block"))
                continue
            }
            if mermaid, let open = Fence(next) {
                guard let close = lines[(index + 2)...].firstIndex(where: { Fence.closes(open, $0) }) else {
                    errors.append((index + 1, "the mermaid block after the fsmviz comment has no closing fence"))
                    continue
                }
                markers.append(DiagramMarker(line: index, machine: machine, name: name, target: .mermaid(contents: (index + 2)..<close)))
                index = close
            } else if let images = imageLinks(lines, at: index + 1) {
                markers.append(
                    DiagramMarker(line: index, machine: machine, against: against, name: name, target: .drawings(images.drawings)))
                index = images.last
            } else if next.trimmingWhitespace.hasPrefix("<picture") {
                guard let close = lines[(index + 1)...].firstIndex(where: { $0.contains("</picture>") }) else {
                    errors.append((index + 1, "the <picture> after the fsmviz comment has no </picture>"))
                    continue
                }
                guard let drawings = picture(lines, in: (index + 1)...close) else {
                    errors.append(
                        (
                            index + 1,
                            "the <picture> after the fsmviz comment needs <source media=\"(prefers-color-scheme: dark)\" srcset=\"DARK.svg\"> and <img src=\"LIGHT.svg\">"
                        ))
                    continue
                }
                markers.append(DiagramMarker(line: index, machine: machine, against: against, name: name, target: .drawings(drawings)))
                index = close
            } else {
                errors.append(
                    (
                        index,
                        "an fsmviz comment must be followed by a ```mermaid block, an image link ![...](PATH.svg) or a <picture> element"
                    ))
            }
        }
        return (markers, errors)
    }

    /// The image links on line `first` (and, for GitHub's pair of a `#gh-light-mode-only` and a
    /// `#gh-dark-mode-only` link on two lines, the one after), and the last line they take.
    private static func imageLinks(_ lines: [Substring], at first: Int) -> (drawings: [Drawing], last: Int)? {
        func links(_ index: Int) -> [(destination: Substring, fragment: Substring?, line: Int)] {
            guard index < lines.count else { return [] }
            return lines[index].matches(of: /!\[[^\]]*\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/).map { match in
                let destination = match.1
                guard let hash = destination.firstIndex(of: "#") else { return (destination, nil, index) }
                return (destination[..<hash], destination[destination.index(after: hash)...], index)
            }
        }
        var found = links(first)
        guard !found.isEmpty else { return nil }
        var last = first
        let modes = found.compactMap(\.fragment).filter { $0 == "gh-light-mode-only" || $0 == "gh-dark-mode-only" }
        if modes.count == 1, case let following = links(first + 1), following.count == 1,
            let other = following[0].fragment, other != modes[0], other.hasSuffix("-mode-only")
        {
            found += following
            last = first + 1
        }
        let drawings = found.compactMap { link in
            local(link.destination).map { Drawing(path: $0, line: link.line, dark: link.fragment == "gh-dark-mode-only") }
        }
        return (drawings, last)
    }

    /// The drawings of a `<picture>` element on `range` of `lines`: its `<img src>` in the
    /// standard theme, each candidate of the dark `<source>`'s `srcset` in the dark one.
    private static func picture(_ lines: [Substring], in range: ClosedRange<Int>) -> [Drawing]? {
        var light: Drawing?
        var dark: [Drawing] = []
        var element = ""
        var sourceLine = range.lowerBound
        for index in range {
            // The element's text so far decides each tag; a tag that spans lines is placed
            // at the line where it ends.
            element += lines[index] + "\n"
            if dark.isEmpty,
                let source = element.firstMatch(of: /<source[^>]*media="\(prefers-color-scheme: dark\)"[^>]*srcset="([^"]+)"/)
                    ?? element.firstMatch(of: /<source[^>]*srcset="([^"]+)"[^>]*media="\(prefers-color-scheme: dark\)"/)
            {
                sourceLine = index
                // A candidate list: "URL [descriptor], URL [descriptor]".
                dark = source.1.split(separator: ",").compactMap { candidate in
                    candidate.split(whereSeparator: \.isWhitespace).first.flatMap(local).map { Drawing(path: $0, line: sourceLine, dark: true) }
                }
                if dark.isEmpty { return [] }
            }
            if light == nil, let image = element.firstMatch(of: /<img[^>]*\ssrc="([^"]+)"/) {
                guard let path = local(image.1) else { return [] }
                light = Drawing(path: path, line: index, dark: false)
            }
        }
        guard let light, !dark.isEmpty else { return nil }
        return [light] + dark
    }

    /// The file an image's destination names, or `nil` for a URL (`https:`, `data:`,
    /// `//host/...`), which sync leaves alone. A `?query` or `#fragment` is no part of the
    /// file's name; percent escapes are, decoded, as a browser reads them.
    private static func local(_ destination: Substring) -> String? {
        if destination.hasPrefix("//") || destination.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.\-]*:/) != nil { return nil }
        let path = destination.prefix { $0 != "#" && $0 != "?" }
        guard !path.isEmpty else { return nil }
        return path.removingPercentEncoding ?? String(path)
    }

    /// The machine file of a line `<!-- fsmviz: PATH -->`, with the revision and the machine's
    /// name that `--against REF` and `--machine NAME` after it give, in either order; `nil`
    /// when the line is no such comment.
    private static func machinePath(in line: Substring) -> (machine: String, against: String?, name: String?)? {
        guard let match = line.trimmingWhitespace.wholeMatch(of: /<!--\s*fsmviz:\s*(.*?)\s*-->/) else { return nil }
        let content = match.1
        let options = content.matches(of: /(?:^|\s)--(against|machine)(?:\s+|$)/)
        guard let first = options.first else { return (String(content), nil, nil) }
        var values: [Substring: String] = [:]
        for (number, option) in options.enumerated() {
            let end = number + 1 < options.count ? options[number + 1].range.lowerBound : content.endIndex
            values[option.1] = String(content[option.range.upperBound..<end].trimmingWhitespace)
        }
        return (String(content[..<first.range.lowerBound].trimmingWhitespace), values["against"], values["machine"])
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}

/// A code fence: three or more backticks or tildes, indented less than four columns.
private struct Fence {
    var character: Character
    var count: Int
    /// What follows the opening run (`mermaid`), trimmed.
    var info: Substring

    init?(_ line: Substring) {
        guard Self.indentation(of: line) < 4 else { return nil }
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard let first = text.first, first == "`" || first == "~" else { return nil }
        let run = text.prefix { $0 == first }
        let info = text[run.endIndex...].trimmingWhitespace
        // A backtick fence's info string holds no backtick: "```a```" is inline code.
        guard run.count >= 3, first == "~" || !info.contains("`") else { return nil }
        character = first
        count = run.count
        self.info = info
    }

    /// Whether `line` closes the block `open` opened: a run of its character at least as long,
    /// with nothing after it.
    static func closes(_ open: Fence, _ line: Substring) -> Bool {
        guard let fence = Fence(line) else { return false }
        return fence.character == open.character && fence.count >= open.count && fence.info.isEmpty
    }

    /// The columns of `line`'s leading blanks, a tab reaching the next multiple of four.
    static func indentation(of line: Substring) -> Int {
        var columns = 0
        for character in line {
            if character == " " {
                columns += 1
            } else if character == "\t" {
                columns += 4 - columns % 4
            } else {
                break
            }
        }
        return columns
    }
}
