import Combine

/// Mapping the state to something else, fed to a label, is a view of the state, not a step.
enum Light { case red, green }

final class LightLabel {
    @Published var light: Light = .red
    @Published var text = ""

    init() {
        $light.map { light -> String in
            switch light {
            case .red: return "Stop"
            case .green: return "Go"
            }
        }
        .assign(to: &$text)
    }
}
