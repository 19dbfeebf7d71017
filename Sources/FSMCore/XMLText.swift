/// Text as XML 1.0 carries it: the one escaper behind every XML fsmviz writes (SCXML, the SVG
/// and the HTML-like labels of its diagrams).
public enum XMLText {
    /// Whether XML 1.0 can carry `scalar` at all, even as a character reference: it cannot
    /// carry the C0 control characters other than tab, line feed and carriage return, nor the
    /// non-characters U+FFFE and U+FFFF.
    public static func canCarry(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\t", "\n", "\r": true
        case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": false
        default: true
        }
    }

    /// `text` as XML character data or, with `inAttribute`, as a double-quoted attribute
    /// value: `&`, `<` and `>` as entities, `"` too in an attribute; a carriage return as a
    /// character reference, since parsers turn it into a line feed, and in an attribute tab and
    /// line feed too, which attribute-value normalisation would turn into spaces. A character
    /// XML cannot carry (``canCarry(_:)``) becomes U+FFFD: a writer that must not lose one
    /// checks for it first.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func escaped(_ text: String, inAttribute: Bool) -> String {
        // Most text is printable ASCII without markup, which XML carries as it is.
        if text.utf8.allSatisfy({
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">")
                && $0 != UInt8(ascii: "\"")
        }) {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where inAttribute: result += "&quot;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t" where inAttribute: result += "&#9;"
            case "\r": result += "&#13;"
            case _ where !canCarry(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
