import GameplayKit

final class TitleState: GKState {
    unowned let game: MazeGame

    init(game: MazeGame) {
        self.game = game
    }

    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        return stateClass is PlayingState.Type
    }

    override func didEnter(from previousState: GKState?) {
        game.scene.isPaused = true
    }
}
