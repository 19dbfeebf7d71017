import GameplayKit

/// No file read here gathers these in a GKStateMachine: their tests alone define the machine.
final class DockedState: CrewState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass == SailingState.self
    }
}

final class SailingState: CrewState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass == DockedState.self || stateClass == StormState.self
    }
}

/// Inherits CrewState's test: it may only dock.
final class StormState: CrewState {
    override func didEnter(from previousState: GKState?) {
        ship.reef()
    }
}

/// A GKState nothing names: no state of the machine above.
final class Idle: GKState {}
