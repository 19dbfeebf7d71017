import GameplayKit

final class PausedState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass == PlayingState.self || stateClass == GameOverState.self
    }

    override func didEnter(from previousState: GKState?) {
        print("paused")
    }
}
