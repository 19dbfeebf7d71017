public import FSMCore

/// The text a `states` diagram writes on states and transitions: UML's `event [guard] /
/// effects`, wrapped to a fixed width so no label runs across the drawing, and
/// written as DOT's HTML-like labels where a state needs compartments.
public enum DiagramText {
    /// The column lines wrap at.
    static let width = 40
    /// Words up to this long are kept whole past ``width``; longer ones are cut.
    static let longestWord = 48

    /// `event [guard] / effects`, as UML writes a transition or an internal activity.
    public static func transition(_ transition: Transition, in machine: Machine) -> String {
        var parts: [String] = []
        if let event = transition.event {
            parts.append(machine.event(event)?.displayName ?? event.rawValue)
        }
        if let guardLabel = transition.guardLabel { parts.append("[\(guardLabel)]") }
        if !transition.effects.isEmpty { parts.append("/ " + transition.effects.joined(separator: ", ")) }
        if let computed = transition.computedTarget {
            // The drawn targets are what the expression can give; the expression says how.
            parts.append("→ " + (computed.count > computedLength ? computed.prefix(computedLength - 1) + "…" : computed))
        }
        return parts.joined(separator: " ")
    }

    /// How much of a computed target's expression a label shows.
    static let computedLength = 60

    /// `text`, followed by the file and line it was read from when the element came from source
    /// code (whose elements name their files), for tooltips that lead back to the code.
    static func tooltip(_ text: String, at location: SourceLocation?) -> String {
        guard let location, let file = location.file else { return text }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(text) (\(name):\(location.line))"
    }

    /// `text` broken into lines of about ``width`` characters, by turning spaces into line
    /// breaks; existing line breaks are kept and nothing else changes, except that a word
    /// longer than ``longestWord`` is cut every ``width`` characters.
    static func wrapped(_ text: String) -> [String] {
        // Most labels are one short line, which no rule below would change.
        if text.utf8.count <= width, !text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            return [text]
        }
        var lines: [String] = []
        let paragraphs = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        for paragraph in paragraphs {
            var line: Substring?
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var word = word
                while word.count > longestWord {
                    if let current = line { lines.append(current + " ") }
                    line = nil
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                if let current = line, current.count + 1 + word.count > width, !current.isEmpty, !word.isEmpty {
                    lines.append(String(current))
                    line = word
                } else {
                    line = line.map { $0 + " " + word } ?? word
                }
            }
            lines.append(String(line ?? ""))
        }
        return lines
    }

    /// A DOT HTML-like label: `title` above a rule, then each compartment's lines left-aligned,
    /// compartments separated by rules (UML's state with internal activities).
    static func compartments(title: [String], _ compartments: [[String]]) -> String {
        var html = "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
        html += "<TR><TD>" + title.map(escaped).joined(separator: "<BR/>") + "</TD></TR>"
        for lines in compartments where !lines.isEmpty {
            html +=
                "<HR/><TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">"
                + lines.map(escaped).joined(separator: "<BR/>") + "</TD></TR>"
        }
        return html + "</TABLE>>"
    }

    /// `text` as XML character data or attribute value (of an HTML-like label, or of an SVG):
    /// markup characters as entities, control characters, which XML cannot carry, as their
    /// Unicode control pictures, and the non-characters U+FFFE and U+FFFF as U+FFFD.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return XMLText.escaped(text, inAttribute: true) }
        var pictured = ""
        pictured.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{00}"..."\u{1F}":
                pictured.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case "\u{7F}": pictured += "\u{2421}"
            default: pictured.unicodeScalars.append(scalar)
            }
        }
        // As an attribute value, so that `"` is escaped wherever the text goes.
        return XMLText.escaped(pictured, inAttribute: true)
    }
}
