// A machine read from fuzzed JSON goes through every writer, and each output is read back
// where its reader runs in process: fsmviz's machine files (JSON, YAML) must reload as a
// machine that writes the same bytes again, and its SCXML must import as a machine with the
// same states and transitions. Mermaid and PlantUML, whose parsers run only out of process
// (the property tests run them), must keep the machine's text from making lines of its own:
// no directive, comment or frame line beyond the writer's.
import FSMCore
import FSMInterop
import FuzzSupport

/// Lines PlantUML reads as more than diagram text: preprocessor directives (`!include`),
/// frame lines (`@startuml`, `@enduml`) and comments.
func plantUMLControlLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { line in
        let start = line.drop { $0 == " " || $0 == "\t" }
        return start.hasPrefix("!") || start.hasPrefix("@") || start.hasPrefix("'")
    }
}

/// Lines Mermaid reads as comments or directives (`%%`, `%%{init: ...}%%`).
func mermaidControlLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("%%") }
}

/// Each state's parent, by id.
func hierarchy(of machine: Machine) -> [StateID: StateID?] {
    Dictionary(machine.states.map { ($0.id, $0.parent) }, uniquingKeysWith: { first, _ in first })
}

runFuzzer { bytes in
    guard let machine = try? MachineFileLoader.load(bytes: bytes, format: .json, path: "fuzz.json") else { return }
    for format in [MachineFileFormat.json, .yaml] {
        guard let first = try? MachineFileExporter(format: format).write(machine).text else { continue }
        let reloaded: Machine
        do {
            reloaded = try MachineFileLoader.load(bytes: Array(first.utf8), format: format, path: "written")
        } catch {
            require(false, "fsmviz's own \(format) does not load: \(error)\n\(first)")
            return
        }
        let second = try? MachineFileExporter(format: format).write(reloaded).text
        require(second == first, "\(format) written, read and written again changed:\n\(first)\n---\n\(second ?? "nil")")
    }
    if let scxml = try? SCXMLExporter().write(machine).text {
        do {
            let imported = try SCXMLImporter().read(Array(scxml.utf8), path: "written.scxml").machine
            // SCXML nests children inside their parent, so a state declared among another state's
            // children comes back in document order: compare each state's parent, not the order.
            require(hierarchy(of: imported) == hierarchy(of: machine), "states changed through SCXML:\n\(scxml)")
            require(imported.transitions.count == machine.transitions.count, "transitions changed through SCXML:\n\(scxml)")
        } catch {
            require(false, "fsmviz's own SCXML does not import: \(error)\n\(scxml)")
        }
    }
    if let plantUML = try? PlantUMLExporter().write(machine).text {
        let control = plantUMLControlLines(plantUML)
        require(control.map(String.init) == ["@startuml", "@enduml"], "PlantUML lines beyond the frame: \(control)\n\(plantUML)")
    }
    if let mermaid = try? MermaidExporter().write(machine).text {
        require(mermaidControlLines(mermaid).isEmpty, "Mermaid comment or directive lines:\n\(mermaid)")
    }
}
