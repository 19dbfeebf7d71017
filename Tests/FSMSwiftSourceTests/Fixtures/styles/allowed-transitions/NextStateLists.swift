/// Allowed moves as a state enum's own method that lists each state's next states, and as a
/// `shouldTransition(to:)` test (Gauntlet's protocol requirement): a state whose list is empty
/// ends the machine by design.
enum LevelState {
    case playing, paused, settings, gameOver

    func allowedNextStates() -> [LevelState] {
        switch self {
        case .playing: return [.paused, .gameOver]
        case .paused: return [.playing, .settings]
        case .settings: return [.paused]
        case .gameOver: return []
        }
    }

    func canEnter(_ next: LevelState) -> Bool {
        allowedNextStates().contains(next)
    }
}

enum JobState: Equatable {
    case ready, working, success, failure

    func shouldTransition(to next: JobState) -> Bool {
        switch (self, next) {
        case (.ready, .working), (.working, .success), (.working, .failure), (.success, .ready), (.failure, .ready):
            return true
        default:
            return false
        }
    }
}
