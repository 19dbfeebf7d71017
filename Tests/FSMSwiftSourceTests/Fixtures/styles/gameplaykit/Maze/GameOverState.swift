import GameplayKit

final class GameOverState: GKState {
    unowned let game: MazeGame

    init(game: MazeGame) {
        self.game = game
    }

    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        if stateClass is PlayingState.Type {
            return game.scene.view != nil
        }
        return false
    }

    override func didEnter(from previousState: GKState?) {
        game.lives = 3
        stateMachine?.enter(PlayingState.self)
    }
}
