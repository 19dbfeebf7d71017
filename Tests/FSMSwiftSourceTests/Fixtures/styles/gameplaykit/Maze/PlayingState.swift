import GameplayKit

final class PlayingState: GKState {
    unowned let game: MazeGame

    init(game: MazeGame) {
        self.game = game
    }

    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        switch stateClass {
        case is PausedState.Type:
            return true
        case is GameOverState.Type:
            return game.lives == 0
        default:
            return false
        }
    }

    override func update(deltaTime seconds: TimeInterval) {
        if game.lives == 0 {
            stateMachine?.enter(GameOverState.self)
        }
    }
}
