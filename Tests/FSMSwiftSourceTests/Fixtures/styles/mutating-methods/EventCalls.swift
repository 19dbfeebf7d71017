/// Events that call other events: each call changes the state as the called event does, from
/// where the caller got to, and the called events stay events of their own.
final class MediaPlayer {
    enum State {
        case stopped, playing, paused
    }

    private(set) var state: State = .stopped

    func play() {
        guard state != .playing else { return }
        state = .playing
    }

    func pause() {
        guard case .playing = state else { return }
        state = .paused
    }

    func stop() {
        state = .stopped
    }

    func restart() {
        stop()
        play()
    }

    func toggle() {
        if state == .playing {
            pause()
        } else {
            play()
        }
    }
}
