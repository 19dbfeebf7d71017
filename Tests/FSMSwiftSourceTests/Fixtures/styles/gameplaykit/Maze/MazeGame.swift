// GameplayKit: the game builds its machine from one state class per file.
import GameplayKit

final class MazeGame {
    let scene: SKScene
    var lives = 3

    lazy var stateMachine = GKStateMachine(states: [
        TitleState(game: self),
        PlayingState(game: self),
        PausedState(),
        GameOverState(game: self),
    ])

    init(scene: SKScene) {
        self.scene = scene
    }

    func didMoveToView() {
        stateMachine.enter(TitleState.self)
    }

    func pauseTapped() {
        stateMachine.enter(PausedState.self)
    }

    func restartTapped() {
        // No state allows this: it always fails.
        stateMachine.enter(TitleState.self)
    }

    func update(_ time: TimeInterval) {
        stateMachine.update(deltaTime: time)
    }
}
