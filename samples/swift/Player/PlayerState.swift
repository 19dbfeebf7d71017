// A media player's machine as Swift code holds it: the state in an enum, each event a method
// that switches on the state and assigns the next one (SwiftNIO's style). fsmviz reads it
// without compiling it.
enum PlayerState {
    case idle
    case loading(url: String)
    case playing
    case paused
}

struct PlayerMachine {
    private var state: PlayerState = .idle

    mutating func load(_ url: String) {
        switch self.state {
        case .idle:
            self.state = .loading(url: url)
        case .loading, .playing, .paused:
            break
        }
    }

    mutating func loaded() {
        guard case .loading = self.state else { return }
        self.state = .playing
    }

    mutating func pause() {
        guard case .playing = self.state else { return }
        self.state = .paused
    }

    mutating func play() {
        guard case .paused = self.state else { return }
        self.state = .playing
    }

    mutating func stop() {
        self.state = .idle
    }
}
