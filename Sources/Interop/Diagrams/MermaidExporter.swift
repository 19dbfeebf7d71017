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

    public func write(_ machine: Machine) throws(ExportError) -> ExportedMachine {
        var writer = DiagramWriter(machine: machine, dialect: .mermaid)
        return writer.write()
    }

    /// `text` with every character outside a plain set written as a `#code;` entity, which
    /// Mermaid decodes when it draws; line breaks become `<br/>`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                result += "<br/>"
            } else if isPlain(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "#\(scalar.value);"
            }
        }
        return result
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x80 { return scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " _-.,()'/=+*!?@[]".unicodeScalars.contains(scalar)
    }
}
