public import FSMCore

/// Writes a Mermaid `stateDiagram-v2`, the diagram GitHub renders in Markdown.
///
/// Compound states become composite states with `[*]` marking their start and their final
/// children's end; parallel regions are separated by `--`; a transition's guard stands in
/// UML's `[guard]` position in its label, since Mermaid has no notes on transitions; entry and
/// exit effects are notes on their state. A handler's choice of several targets is a
/// `<<choice>>` node, entering several regions at once a `<<fork>>`; history states are drawn
/// as states labelled `H` or `H*`, which Mermaid has no symbol for. Text Mermaid cannot take
/// raw is written as `#code;` entities; states whose ids are not plain words get one and
/// show their name as a label.
public struct MermaidExporter: MachineExporter {
    /// Creates an exporter.
    public init() {}

    /// Words Mermaid's state diagram grammar reads as keywords.
    static let reserved: Set<String> = [
        "state", "note", "end", "as", "direction", "classdef", "class", "style", "click", "left", "right", "of",
        "hide", "tb", "bt", "lr", "rl", "default", "root", "statediagram", "accTitle", "accdescr",
    ]

    /// Identifiers for `states`. Mermaid names the start and end of a composite state `X`
    /// `X_start` and `X_end` (`root_start` at the top), so no state's identifier ends that way.
    static func identifiers(_ states: [StateID]) -> DiagramIdentifiers {
        DiagramIdentifiers(states, reserved: reserved, reservedSuffixes: ["_start", "_end"])
    }

    public func write(_ machine: Machine) throws(Diagnostic) -> ExportedMachine {
        var writer = DiagramWriter(machine: machine, dialect: .mermaid)
        return writer.write()
    }

    /// `text` with every character outside a plain set written as a `#code;` entity, which
    /// Mermaid decodes when it draws; line breaks become `<br/>`. Mermaid trims labels, so a
    /// space that starts or ends `text` is an entity too, and so is an `=` that ends it (a
    /// state written `state "a=" as s` made Mermaid 11 read past the quote and swallow the
    /// lines after it); it has no empty label, so an empty `text` becomes a zero-width space
    /// (`#8203;`), which shows as nothing.
    static func escaped(_ text: String) -> String {
        guard !text.isEmpty else { return "#8203;" }
        var result = ""
        let last = text.unicodeScalars.index(before: text.unicodeScalars.endIndex)
        for index in text.unicodeScalars.indices {
            let scalar = text.unicodeScalars[index]
            if scalar == "\n" {
                result += "<br/>"
            } else if isPlain(scalar), scalar != " " || (index != text.unicodeScalars.startIndex && index != last),
                scalar != "=" || index != last
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "#\(scalar.value);"
            }
        }
        return result
    }

    /// A line of a note, escaped. Mermaid ends a note at the first `end note`, in any case and
    /// even mid-line, so the space of every `end note` in the text is an entity.
    static func noteLine(_ text: String) -> String {
        let line = Array(escaped(text).unicodeScalars)
        let marker = Array("end note".unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < line.count {
            let end = index + marker.count
            if end <= line.count, zip(line[index..<end], marker).allSatisfy({ asciiLowercase($0) == $1 }) {
                result.append(contentsOf: line[index..<index + 3])
                result.append(contentsOf: "#32;".unicodeScalars)
                result.append(contentsOf: line[index + 4..<end])
                index = end
            } else {
                result.append(line[index])
                index += 1
            }
        }
        return String(result)
    }

    private static func asciiLowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x80 { return scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " _-.,()'/=+*!?@[]".unicodeScalars.contains(scalar)
    }
}
