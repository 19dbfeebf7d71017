/// A Markdown file's text cut into lines, each keeping its own line break (`\n`, `\r\n` or a
/// lone `\r`), so that the pieces put together again give back every byte: `sync` replaces
/// the lines of a block and nothing else.
struct MarkdownLines {
    /// Whether the text starts with a byte-order mark, which no line holds.
    var byteOrderMark: Bool
    /// The lines, without their line breaks.
    var lines: [Substring]
    /// Each line's break; the last line's is empty.
    var breaks: [Substring]

    init(_ text: String) {
        byteOrderMark = text.unicodeScalars.first == "\u{FEFF}"
        // Scalar by scalar: a mark followed by a combining character is one Character.
        let body = byteOrderMark ? Substring(text.unicodeScalars.dropFirst()) : text[...]
        lines = []
        breaks = []
        var start = body.startIndex
        var index = start
        let bytes = body.utf8
        // CR and LF always end a Character, so these indices cut no Character in two.
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = bytes.index(after: index)
                continue
            }
            var end = bytes.index(after: index)
            if byte == 0x0D, end < bytes.endIndex, bytes[end] == 0x0A { end = bytes.index(after: end) }
            lines.append(body[start..<index])
            breaks.append(body[index..<end])
            start = end
            index = end
        }
        lines.append(body[start...])
        breaks.append("")
    }

    /// The text with the lines of each range replaced by new ones, each ended by the line
    /// break of the line before the range (a block's opening fence), every other byte as it
    /// was. The ranges must not overlap.
    func text(replacing replacements: [(lines: Range<Int>, with: [Substring])]) -> String {
        var text = byteOrderMark ? "\u{FEFF}" : ""
        var next = 0
        for replacement in replacements.sorted(by: { $0.lines.lowerBound < $1.lines.lowerBound }) {
            for index in next..<replacement.lines.lowerBound { text += lines[index] + breaks[index] }
            let lineBreak = replacement.lines.lowerBound > 0 ? breaks[replacement.lines.lowerBound - 1] : "\n"
            for line in replacement.with { text += line + lineBreak }
            next = replacement.lines.upperBound
        }
        for index in next..<lines.count { text += lines[index] + breaks[index] }
        return text
    }
}
