import Combine

/// A Combine model: each tick of the start/stop subject maps the phase to the next one.
final class TimerModel: ObservableObject {
    enum Phase { case stopped, running, paused }

    @Published private(set) var phase: Phase = .stopped
    let toggle = PassthroughSubject<Void, Never>()

    init() {
        toggle.map { [unowned self] in self.phase }
            .map { phase -> Phase in
                switch phase {
                case .stopped, .paused: return .running
                case .running: return .paused
                }
            }
            .assign(to: &$phase)
    }
}
