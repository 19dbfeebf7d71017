import ArgumentParser
import FSMInterop

/// The formats `fsmviz convert --from` takes: those fsmviz reads.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    case json
    case yaml
    case scxml
    case xstate

    var format: MachineFormat {
        switch self {
        case .json: .json
        case .yaml: .yaml
        case .scxml: .scxml
        case .xstate: .xstate
        }
    }
}
