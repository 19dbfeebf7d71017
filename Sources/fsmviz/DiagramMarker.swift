import FSMCore

/// A place in a Markdown file that `fsmviz sync` keeps drawn from a machine file: an HTML
/// comment `<!-- fsmviz: PATH -->` and, on the next line, what it keeps up to date. A comment
/// `<!-- fsmviz: PATH --against REF -->` keeps a drawing of what changed in the machine since
/// git revision REF instead, as `fsmviz diff --against REF PATH -o` draws it.
struct DiagramMarker: Equatable {
    /// What follows the comment.
    enum Target: Equatable {
        /// A fenced `mermaid` block; its lines (between the fences) are the machine's Mermaid.
        case mermaid(contents: Range<Int>)
        /// An image link `![alt](PATH)`: the file at PATH is the machine's drawing.
        case image(path: String)
        /// GitHub's `<picture>`: the `<img src>` is drawn in the standard theme, the
        /// `<source media="(prefers-color-scheme: dark)" srcset>` in the dark one.
        case picture(light: String, dark: String)
    }

    /// The comment's line, from 0.
    var line: Int
    /// The machine file, as the comment names it (relative to the Markdown file).
    var machine: String
    /// The git revision whose version of the machine the drawing shows the changes since, or
    /// `nil` for a drawing of the machine itself.
    var against: String? = nil
    var target: Target

    /// The markers of a Markdown file's `lines`, and an error for each comment that is not
    /// followed by something to keep in sync (with its 0-based line). Comments inside fenced
    /// code blocks are examples, not markers.
    static func find(in lines: [Substring]) -> (markers: [DiagramMarker], errors: [(line: Int, message: String)]) {
        var markers: [DiagramMarker] = []
        var errors: [(line: Int, message: String)] = []
        var openFence: Substring?
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let fence = lines[index].trimmingWhitespace.prefix { $0 == "`" || $0 == "~" }
            if let open = openFence {
                if fence.count >= open.count, fence.first == open.first,
                    lines[index].trimmingWhitespace.count == fence.count
                {
                    openFence = nil
                }
                continue
            }
            if fence.count >= 3, Set(fence).count == 1 {
                openFence = fence
                continue
            }
            guard let (machine, against) = machinePath(in: lines[index]) else { continue }
            guard machine.isEmpty == false, against?.isEmpty != true else {
                errors.append((index, "the fsmviz comment names no machine file or no revision: write <!-- fsmviz: PATH --> or <!-- fsmviz: PATH --against REF -->"))
                continue
            }
            let next = index + 1 < lines.count ? lines[index + 1].trimmingWhitespace : ""
            if against != nil, next.hasPrefix("```mermaid") {
                errors.append((index, "a drawing of what changed (--against) is an image link or a <picture>, not a mermaid block"))
                continue
            }
            if next.hasPrefix("```mermaid") {
                guard let close = lines[(index + 2)...].firstIndex(where: { $0.trimmingWhitespace == "```" }) else {
                    errors.append((index + 1, "the mermaid block after the fsmviz comment has no closing ```"))
                    continue
                }
                markers.append(DiagramMarker(line: index, machine: machine, target: .mermaid(contents: (index + 2)..<close)))
                index = close
            } else if let image = next.firstMatch(of: /!\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/) {
                markers.append(DiagramMarker(line: index, machine: machine, against: against, target: .image(path: String(image.1))))
            } else if next.hasPrefix("<picture") {
                guard let close = lines[(index + 1)...].firstIndex(where: { $0.contains("</picture>") }) else {
                    errors.append((index + 1, "the <picture> after the fsmviz comment has no </picture>"))
                    continue
                }
                let element = lines[(index + 1)...close].joined(separator: "\n")
                let dark = element.firstMatch(of: /<source[^>]*media="\(prefers-color-scheme: dark\)"[^>]*srcset="([^"]+)"/)
                    ?? element.firstMatch(of: /<source[^>]*srcset="([^"]+)"[^>]*media="\(prefers-color-scheme: dark\)"/)
                guard let dark, let light = element.firstMatch(of: /<img[^>]*\ssrc="([^"]+)"/) else {
                    errors.append((
                        index + 1,
                        "the <picture> after the fsmviz comment needs <source media=\"(prefers-color-scheme: dark)\" srcset=\"DARK.svg\"> and <img src=\"LIGHT.svg\">"
                    ))
                    continue
                }
                markers.append(
                    DiagramMarker(
                        line: index, machine: machine, against: against, target: .picture(light: String(light.1), dark: String(dark.1))))
                index = close
            } else {
                errors.append((
                    index,
                    "an fsmviz comment must be followed by a ```mermaid block, an image link ![...](PATH.svg) or a <picture> element"
                ))
            }
        }
        return (markers, errors)
    }

    /// The machine file of a line `<!-- fsmviz: PATH -->`, and the revision of one
    /// `<!-- fsmviz: PATH --against REF -->`, or `nil` when the line is neither.
    private static func machinePath(in line: Substring) -> (machine: String, against: String?)? {
        guard let match = line.trimmingWhitespace.wholeMatch(of: /<!--\s*fsmviz:\s*(.*?)\s*-->/) else { return nil }
        guard let option = match.1.firstMatch(of: /(?:^|\s)--against(?:\s+|$)/) else { return (String(match.1), nil) }
        return (
            String(match.1[..<option.range.lowerBound].trimmingWhitespace),
            String(match.1[option.range.upperBound...].trimmingWhitespace)
        )
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
