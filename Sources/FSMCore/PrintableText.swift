/// Text from machine files, configurations and file names, made safe to print where a person
/// or a log reader reads it: a terminal, a CI log, an editor's problem list.
///
/// Such text is written by strangers (fsmviz lints pull requests), so it must not be able to
/// end the line it is printed on (a new line starting `::error file=...::` forges a GitHub
/// Actions annotation), drive the terminal (ESC sequences move the cursor, retitle the window
/// or hide what follows), or reorder what is shown (bidirectional overrides make a line read
/// other than it is). Those characters are shown as Swift writes them in a string literal
/// (`\n`, `\r`, `\u{1B}`, `\u{202E}`); everything else, tabs and backslashes included, prints
/// as it is.
public enum PrintableText {
    /// `text` on one line: line breaks, control characters (C0, DEL, C1), line and paragraph
    /// separators and bidirectional formatting characters escaped.
    public static func escaped(_ text: String) -> String {
        escaped(text, keepingLineFeeds: false)
    }

    /// `text` as ``escaped(_:)`` writes it, but keeping its line feeds, for messages whose lines
    /// are fsmviz's own (usage help, multi-line reports) and whose user texts were escaped
    /// with ``escaped(_:)`` when they were put in. A carriage return, which lets a line
    /// overwrite the one printed before it, is still escaped.
    public static func escapedKeepingLineFeeds(_ text: String) -> String {
        escaped(text, keepingLineFeeds: true)
    }

    private static func escaped(_ text: String, keepingLineFeeds: Bool) -> String {
        guard text.unicodeScalars.contains(where: { ($0 == "\n" && !keepingLineFeeds) || needsEscape($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingLineFeeds: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Characters other than the line feed that must not reach a terminal or log as they are.
    /// Tabs are harmless and kept.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        // C0 controls (ESC, CR, BEL, backspace...), DEL and the C1 controls (CSI, NEL...).
        case 0x00...0x1F, 0x7F...0x9F: true
        // Line and paragraph separators, which editors and some terminals break lines at.
        case 0x2028, 0x2029: true
        // Bidirectional formatting: Arabic letter mark, left-to-right and right-to-left marks,
        // embeddings, overrides and their pop, isolates and their pop.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
