import SwiftState

// A player whose routes are partly a state route mapping: tryState(.x) may enter any state the
// closure returns for the current one. Handlers are effects, not routes.
enum PlayerState: StateType {
    case stopped, buffering, playing, paused, ended
}

final class PlayerController {
    let machine = StateMachine<PlayerState, NoEvent>(state: .stopped) { machine in
        machine.addRoute(.stopped => .buffering)
        machine.addStateRouteMapping { fromState, _ in
            switch fromState {
            case .buffering: return [.playing, .stopped]
            case .playing: return [.paused, .ended, .buffering]
            case .paused: return [.playing, .stopped]
            case .ended, .stopped: return nil
            }
        }
        machine.addHandler(.any => .ended) { _ in print("ended") }
        machine.addAnyHandler(.any => .any) { context in print(context) }
    }
}
