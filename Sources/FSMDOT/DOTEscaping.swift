/// Quoting for DOT identifiers, labels and tooltips.
///
/// Labels survive any text: backslashes are doubled (Graphviz would otherwise read `\N`,
/// `\l` and friends as its own escapes), `&` written as `&amp;` (Graphviz decodes character
/// references in labels, so `&amp;` would be drawn as `&` and `&#0;` would break the SVG),
/// quotes escaped, line breaks written as `\n`, and other control characters, which neither C
/// strings nor XML output can carry, shown as their Unicode control pictures.
public enum DOTEscaping {
    private static let keywords: Set<String> = ["node", "edge", "graph", "digraph", "subgraph", "strict"]

    /// A DOT string literal that Graphviz draws as `text` once it applies its label escapes
    /// and character references.
    public static func quotedLabel(_ text: String) -> String {
        quoted(text, backslash: "\\\\")
    }

    /// A DOT string literal that a rendered tooltip shows as `text`: Graphviz applies its
    /// escapes to a tooltip twice (`\\G` would still expand to the graph's name), so each
    /// backslash is written four times.
    public static func quotedTooltip(_ text: String) -> String {
        quoted(text, backslash: "\\\\\\\\")
    }

    private static func quoted(_ text: String, backslash: String) -> String {
        // Most text is printable ASCII with nothing to escape, and is quoted as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "\"") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": result += backslash
            case "&": result += "&amp;"
            case "\"": result += "\\\""
            case "\n":
                if !previousWasCarriageReturn { result += "\\n" }
            case "\r": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            case "\u{00}"..."\u{1F}":
                result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case "\u{7F}": result += "\u{2421}"
            // Not characters, so no XML output can carry them.
            case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `name` as a DOT identifier when it can be written as one unambiguously, else `nil`.
    ///
    /// Plain ASCII identifiers that are not keywords are written bare; other names are
    /// quoted unless they contain a backslash or a control character, which a quoted DOT
    /// identifier cannot carry faithfully, an `&`, or a non-character (U+FFFE, U+FFFF):
    /// Graphviz writes identifiers into the SVG's `<title>` elements and comments as they are,
    /// where XML forbids non-characters and reads what looks like a character reference, so
    /// `&#0;` or U+FFFF would make the SVG ill-formed and `&amp;` would show as `&`.
    public static func identifier(for name: String) -> String? {
        if isPlainIdentifier(name) { return name }
        guard !name.isEmpty,
            !name.unicodeScalars.contains(where: { scalar in
                scalar == "\\" || scalar == "&" || scalar.value < 0x20 || scalar.value == 0x7F
                    || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            })
        else { return nil }
        var quoted = "\""
        for scalar in name.unicodeScalars {
            if scalar == "\"" { quoted += "\\" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }

    private static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (0x30...0x39).contains($0) }
            && !keywords.contains(name.lowercased())
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
