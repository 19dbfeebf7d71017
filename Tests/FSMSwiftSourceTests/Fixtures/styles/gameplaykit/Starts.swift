import GameplayKit

/// Where GameplayKit machines start when the code does not enter a state right after making one.

// A machine made in a closure that initializes a lazy property, entered on that property.
class TitleScreen: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass == RaceScreen.self }
}
class RaceScreen: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass == ResultScreen.self }
}
class ResultScreen: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass == RaceScreen.self }
}

final class RaceScene {
    private lazy var screens: GKStateMachine = {
        let machine = GKStateMachine(states: [TitleScreen(), RaceScreen(), ResultScreen()])
        return machine
    }()

    func didMove() { screens.enter(TitleScreen.self) }
    func go() { screens.enter(RaceScreen.self) }
}

// A machine a component makes from states it is handed, told its first state by class; the
// first state moves on by itself in didEnter, which is a transition and not the start.
class Sleeping: GKState {
    override func didEnter(from previousState: GKState?) { stateMachine?.enter(Waking.self) }
    override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass is Waking.Type }
}
class Waking: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass is Sleeping.Type }
}

final class LifeComponent {
    private let machine: GKStateMachine
    private let first: AnyClass

    init(initialState: AnyClass, states: [GKState]) {
        first = initialState
        machine = GKStateMachine(states: states)
    }
}

final class Creature {
    lazy var life = LifeComponent(initialState: Sleeping.self, states: [Sleeping(), Waking()])
}
