public import FSMCore

/// Writes a PlantUML state diagram.
///
/// Compound states are composite states with `[*]` start and end, parallel regions are
/// separated by `--`, a transition's guard is a note on its link, entry and exit effects are
/// lines of the state's description, history states are states labelled `H` or `H*`, and a
/// choice or fork of several targets is a `<<choice>>` or `<<fork>>` node. PlantUML cannot
/// link a state inside a parallel region with one outside it: such a transition is drawn to
/// the parallel state's border, with the real state named in its label, and reported.
/// Text PlantUML cannot take raw is written as `&#code;` entities.
public struct PlantUMLExporter: MachineExporter {
    /// Creates an exporter.
    public init() {}

    /// Words PlantUML reads as keywords in state diagrams.
    static let reserved: Set<String> = [
        "state", "note", "end", "as", "left", "right", "of", "top", "bottom", "on", "link", "hide", "show",
        "skinparam", "title", "startuml", "enduml", "scale", "legend", "header", "footer", "caption",
    ]

    public func write(_ machine: Machine) throws(ExportError) -> ExportedMachine {
        var writer = DiagramWriter(machine: machine, dialect: .plantUML)
        return writer.write()
    }

    /// `text` with every character outside a plain set written as an `&#code;` entity.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                result += "\\n"
            } else if scalar.value >= 0x80 ? scalar.properties.isAlphabetic
                : (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " _-.,()'/=+*!?@[]".unicodeScalars.contains(scalar))
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "&#\(scalar.value);"
            }
        }
        return result
    }
}
