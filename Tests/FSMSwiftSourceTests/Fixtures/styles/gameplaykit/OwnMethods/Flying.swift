import GameplayKit

/// In another file of the machine: the error is reported at the call, in Carried's file.
class FlyingState: GKState {
    override func didEnter(from previousState: GKState?) {
        stateMachine?.enter(ShatteredState.self)
    }

    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass is CarriedState.Type || stateClass is ShatteredState.Type
    }
}

class ShatteredState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool { false }
}

final class Vase {
    let machine = GKStateMachine(states: [CarriedState(), FlyingState(), ShatteredState()])

    init() { machine.enter(CarriedState.self) }
}
