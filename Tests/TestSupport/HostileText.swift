import Foundation
public import PropertyBased

/// Text built to break writers: the characters and words that each output language (DOT,
/// Mermaid, PlantUML, XML, JSON, YAML) treats specially, next to Unicode that naive code
/// mangles (control characters, bidirectional marks, emoji sequences, combining marks).
public enum HostileText {
    /// The pieces texts are made of. Multi-character pieces are the sequences that mean
    /// something as a whole (`-->`, `]]>`, `@enduml`, a family emoji held together by
    /// zero-width joiners).
    public static let pieces: [String] = [
        // Quotes, escapes and white space.
        "\"", "'", "`", "\\", "\\n", "\\N", "\n", "\r", "\r\n", "\t", " ", "  ",
        // Markup and diagram punctuation.
        "<", ">", "&", "&amp;", "&#60;", "#59;", "{", "}", "[", "]", ";", ":", ",", "=", "|", "#", "/", "*",
        "--", "->", "-->", "%", "%%", "]]>", "<![CDATA[", "<br/>", "<b>", "<script>", "javascript:", "<<fork>>",
        "**", "//", "__", "~", "~@start", "^", "@", "!", "?", "$", "</script>", "/'", "'/", "%%{init: {}}%%", "click",
        // Directives: PlantUML's preprocessor reads them on any line, even inside a note.
        "!include \(includedFile)", "!define", "!theme", "!pragma", "!$x=1",
        // Graphviz's escapes, which it expands in labels and tooltips.
        "\\G", "\\E", "\\T", "\\H", "\\l", "&#0;", "&#xFFFE;", "&#55296;", "&#x110000;",
        // Words the languages reserve.
        "state", "end", "note", "end note", "graph", "subgraph", "digraph", "node", "edge", "strict", "as",
        "direction", "title", "@startuml", "@enduml", "[*]", "stateDiagram-v2", "yes", "null", "~", "true",
        "0", "-1.5", "---", "...", "- ", ": ", "? ", "_start", "_end", "root",
        // Control characters, including the ones XML cannot hold.
        "\u{0}", "\u{1}", "\u{8}", "\u{B}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{FEFF}",
        "\u{FFFE}", "\u{FFFF}",
        // Bidirectional marks and overrides.
        "\u{200E}", "\u{200F}", "\u{202E}", "\u{2066}",
        // Emoji: plain, a ZWJ family, a flag with a variation selector, a skin tone.
        "😀", "👩‍👩‍👧", "🏳️‍🌈", "👍🏽",
        // Combining marks: precomposed, decomposed, and a lone mark.
        "é", "e\u{301}", "\u{301}", "Zürich", "日本",
        // Plain material, so hostile pieces also appear inside ordinary words.
        "a", "B", "_", "x1", "Idle",
    ]

    /// A file that a hostile text tries to include (PlantUML's `!include`); no output may
    /// ever show ``includedSecret``, its content.
    public static let includedFile = "/tmp/fsmviz-inc"
    public static let includedSecret = "FSMVIZ-INCLUDED-SECRET"

    /// Writes ``includedFile``, for a test that checks that its content is never drawn.
    public static func writeIncludedFile() throws {
        try Data(includedSecret.utf8).write(to: URL(fileURLWithPath: includedFile))
    }

    /// Texts of zero to five pieces.
    public static let texts = Gen.element(of: pieces).compactMap { $0 }.array(of: 0...5).map { $0.joined() }
}
