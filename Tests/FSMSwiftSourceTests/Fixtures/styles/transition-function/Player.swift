// A transition function over (state, event), as apps write one.
enum PlayerState {
    case idle
    case loading(url: String)
    case playing
    case paused
    case failed
    case archived
}

enum PlayerEvent {
    case load
    case loaded
    case fail
    case play
    case pause
    case stop
}

final class Player {
    private(set) var state: PlayerState = .idle

    func reduce(_ state: PlayerState, _ event: PlayerEvent) -> PlayerState? {
        switch (state, event) {
        case (.idle, .load):
            return .loading(url: "https://example.com")
        case (.loading, .loaded):
            return .paused
        case (.loading, .fail):
            return .failed
        case (.paused, .play) where canPlay:
            return .playing
        case (.playing, .pause):
            return .paused
        case (.failed, .load):
            return retries > 3 ? .failed : .loading(url: "again")
        case (_, .stop):
            return .idle
        default:
            return nil
        }
    }

    var canPlay: Bool { true }
    var retries = 0
}
