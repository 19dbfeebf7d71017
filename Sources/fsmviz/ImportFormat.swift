import ArgumentParser
import FSMInterop

/// The formats `--from` takes: those fsmviz reads.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    case json
    case yaml
    case scxml
    case xstate
    case pythonStateMachine = "python-statemachine"
    case sismic
    /// Swift source, read by FSMSwiftSource rather than a machine-file importer.
    case swift

    /// The machine-file format, `nil` for Swift source.
    var format: MachineFormat? {
        switch self {
        case .json: .json
        case .yaml: .yaml
        case .scxml: .scxml
        case .xstate: .xstate
        case .pythonStateMachine: .pythonStateMachine
        case .sismic: .sismic
        case .swift: nil
        }
    }
}
