public import FSMCore

/// Writes a PlantUML state diagram.
///
/// Compound states are composite states with `[*]` start and end, parallel regions are
/// separated by `--`, a transition's guard is a note on its link, entry and exit effects are
/// lines of the state's description, history states are states labelled `H` or `H*`, and a
/// choice or fork of several targets is a `<<choice>>` or `<<fork>>` node. PlantUML cannot
/// link a state inside a parallel region with one outside it: such a transition is drawn to
/// the parallel state's border, with the real state named in its label, and reported.
/// Text PlantUML cannot take raw, or would read as creole markup, is written as `<U+XXXX>`
/// codes.
public struct PlantUMLExporter: MachineExporter {
    /// Creates an exporter.
    public init() {}

    /// Words PlantUML reads as keywords in state diagrams.
    static let reserved: Set<String> = [
        "state", "note", "end", "as", "left", "right", "of", "top", "bottom", "on", "link", "hide", "show",
        "skinparam", "title", "startuml", "enduml", "scale", "legend", "header", "footer", "caption",
    ]

    public func write(_ machine: Machine) throws(Diagnostic) -> ExportedMachine {
        var writer = DiagramWriter(machine: machine, dialect: .plantUML)
        return writer.write()
    }

    /// `text` with every character outside a plain set written as `<U+XXXX>`, which PlantUML
    /// decodes when it draws. (Its `&#code;` entities are no substitute: decoding them
    /// crashes PlantUML on `\` and `$`, and code points above U+FFFF come out truncated.)
    /// Creole markup stays text: a `*`, `/`, `-`, `_`, `=`, `.` or `[` that repeats the
    /// character before it (`**bold**`, `[[link]]`) or starts a line (`* item`, `= heading`)
    /// is written as a code too. PlantUML trims labels and has no empty one, so a space that
    /// starts or ends `text` is a code, and an empty `text` is a zero-width space; it draws
    /// nothing for U+0000, which is written as its picture, U+2400 (`␀`), and it drops the
    /// `~` of `~@start`, which is written twice. A `'` after a `/` is a code: PlantUML's `/'`
    /// opens a block comment wherever it stands, and hides the text up to the next `'/`.
    static func escaped(_ text: String) -> String {
        guard !text.isEmpty else { return "<U+200B>" }
        var result = ""
        // nil at the start of a line.
        var previous: Unicode.Scalar?
        let last = text.unicodeScalars.index(before: text.unicodeScalars.endIndex)
        for index in text.unicodeScalars.indices {
            let scalar = text.unicodeScalars[index]
            defer { previous = scalar == "\n" ? nil : scalar }
            if scalar == "\n" {
                result += "\\n"
                continue
            }
            // PlantUML draws nothing for U+0000; its picture shows it was there, as in DOT.
            if scalar == "\u{0}" {
                result += code("\u{2400}")
                continue
            }
            // PlantUML drops the `~` of `~@start`, its escape for a literal `@startuml`.
            if scalar == "~", text.unicodeScalars[text.unicodeScalars.index(after: index)...].starts(with: "@start".unicodeScalars) {
                result += code(scalar)
            }
            let isMarkup = creoleMarkers.contains(scalar) && (previous == nil || previous == scalar)
            let isEdgeSpace = scalar == " " && (index == text.unicodeScalars.startIndex || index == last)
            let opensComment = scalar == "'" && previous == "/"
            if isPlain(scalar), !isMarkup, !isEdgeSpace, !opensComment {
                result.unicodeScalars.append(scalar)
            } else {
                result += code(scalar)
            }
        }
        return result
    }

    /// The lines of a note's body, for `text`'s lines: in a note, PlantUML shows `\n` as
    /// it is, so each line is a line of its own. A line PlantUML would take for the note's
    /// end (`end note`) or for a comment (`'`) starts with a code; an empty line stays empty.
    static func noteLines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard !line.isEmpty else { return "" }
            let escapedLine = escaped(String(String.UnicodeScalarView(line)))
            guard let first = escapedLine.unicodeScalars.first,
                first == "'" || escapedLine.lowercased().hasPrefix("end")
            else { return escapedLine }
            return code(first) + String(escapedLine.unicodeScalars.dropFirst())
        }
    }

    /// A machine name for the `title` line, which rejects some titles without letters or
    /// digits (`title ,` and `title ,/` are syntax errors): a title that does not start with a
    /// letter or digit starts with a code.
    static func title(_ name: String) -> String {
        let text = escaped(name)
        // `<` can only start a code already.
        guard let first = text.unicodeScalars.first, !first.properties.isAlphabetic, !("0"..."9").contains(first),
            first != "<"
        else { return text }
        return code(first) + String(text.unicodeScalars.dropFirst())
    }

    /// `scalar` as PlantUML's `<U+XXXX>`.
    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// Characters that start creole markup when doubled or at the start of a line.
    private static let creoleMarkers: Set<Unicode.Scalar> = ["*", "/", "-", "_", "=", ".", "["]

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x80 { return scalar.properties.isAlphabetic }
        // Not `@`: PlantUML takes a note line holding `@startuml` for a nested diagram. Not `!`:
        // its preprocessor runs before any parsing and reads a line starting with `!` (after
        // white space, even inside a note) as a directive, so `!include /etc/passwd` on a
        // line of a guard would put that file into the drawing.
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " _-.,()'/=+*?[]".unicodeScalars.contains(scalar)
    }
}
