import GameplayKit

/// States handed to the machine through locals and properties, not made in the list.
class PatrolState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass == AlertState.self
    }
}

class AlertState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass == PatrolState.self || stateClass == HuntState.self
    }
}

class HuntState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass is AlertState.Type
    }
}

final class Guard {
    let hunt = HuntState()
    let brain: GKStateMachine

    init() {
        let patrol = PatrolState()
        let alert = AlertState()
        brain = GKStateMachine(states: [patrol, alert, self.hunt])
        brain.enter(PatrolState.self)
    }
}
