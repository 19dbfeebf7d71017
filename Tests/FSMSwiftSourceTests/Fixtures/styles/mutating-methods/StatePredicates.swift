/// Conditions that name a computed property standing for a test of the state, on the holder
/// (`guard isListening`) and on the state enum (`state.canResume`).
struct ListeningGuard {
    enum State {
        case idle, starting, listening, paused

        var canResume: Bool {
            if case .paused = self { return true }
            return false
        }
    }

    private(set) var state: State = .idle

    var isListening: Bool {
        switch state {
        case .idle, .paused: false
        case .starting, .listening: true
        }
    }

    var isBusy: Bool { state == .starting || state == .listening }

    mutating func begin() {
        guard case .idle = state else { return }
        state = .starting
    }

    mutating func started() {
        guard state == .starting else { return }
        state = .listening
    }

    mutating func pause() {
        guard isListening else { return }
        state = .paused
    }

    mutating func resume() {
        if state.canResume {
            state = .listening
        }
    }

    mutating func reset() {
        guard !isBusy else { return }
        state = .idle
    }
}
