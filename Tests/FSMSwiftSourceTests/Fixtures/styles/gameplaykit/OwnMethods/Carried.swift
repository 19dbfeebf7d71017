import GameplayKit

/// A state's own method asks its own isValidNextState: Carried may only be thrown, so its
/// `dropped()` entering Shattered is refused, an error at the call.
class CarriedState: GKState {
    func dropped() {
        stateMachine?.enter(ShatteredState.self)
    }

    override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass is FlyingState.Type }
}
