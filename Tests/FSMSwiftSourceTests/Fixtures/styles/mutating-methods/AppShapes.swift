/// Shapes app code writes that the reader must narrow: a `switch` on the state used as a guard
/// (`default: return`), overloads told apart only by their parameters' types, and a start named
/// through a static member of the state enum.
final class Recorder {
    enum RecordingState {
        case idle, picking, recording, failed
        static let initial = RecordingState.idle
    }

    struct StartTapped {}
    struct PickTapped {}

    private(set) var state = RecordingState.initial

    func handle(_ event: StartTapped) {
        switch state {
        case .idle, .failed:
            break
        default:
            return
        }
        state = .picking
    }

    func handle(_ event: PickTapped) {
        guard case .picking = state else { return }
        state = .recording
    }

    func fail() {
        state = .failed
    }
}
