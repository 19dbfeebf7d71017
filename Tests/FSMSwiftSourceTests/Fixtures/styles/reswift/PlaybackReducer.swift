import ReSwift

/// A ReSwift reducer whose actions are types of their own, changing an enum field of the state.
struct PlayerState: StateType {
    var playback: Playback
    var volume: Int
}

enum Playback { case stopped, buffering, playing, paused }

struct Play: Action {}
struct Buffered: Action {}
struct Pause: Action {}
struct Stop: Action {}
struct SetVolume: Action { let level: Int }

func playerReducer(action: Action, state: PlayerState?) -> PlayerState {
    var state = state ?? PlayerState(playback: .stopped, volume: 5)
    switch action {
    case _ as Play:
        state.playback = .buffering
    case _ as Buffered:
        if case .buffering = state.playback { state.playback = .playing }
    case _ as Pause:
        guard state.playback == .playing else { break }
        state.playback = .paused
    case _ as Stop:
        state.playback = .stopped
    case let action as SetVolume:
        state.volume = action.level
    default:
        break
    }
    return state
}
