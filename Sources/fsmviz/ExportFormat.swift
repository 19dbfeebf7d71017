import ArgumentParser
import FSMInterop

/// The formats `fsmviz convert --to` takes: those fsmviz writes.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case json
    case yaml
    case scxml
    case mermaid
    case plantuml

    var format: MachineFormat {
        switch self {
        case .json: .json
        case .yaml: .yaml
        case .scxml: .scxml
        case .mermaid: .mermaid
        case .plantuml: .plantuml
        }
    }
}
