// GameplayKit state classes whose isValidNextState(_:) computes its result in a local.
import GameplayKit

final class Hangar {
    lazy var machine = GKStateMachine(states: [Parked(), Taxiing(), Flying()])

    func start() {
        machine.enter(Parked.self)
    }
}

final class Parked: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        let allowed: Bool
        switch stateClass {
        case is Taxiing.Type:
            allowed = true
        default:
            allowed = false
        }
        return allowed
    }
}

final class Taxiing: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        var allowed = false
        if stateClass is Flying.Type || stateClass is Parked.Type {
            allowed = true
        }
        return allowed
    }
}

final class Flying: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        return stateClass is Taxiing.Type
    }
}

extension Hangar {
    func land() {
        if machine.currentState is Parked {
            machine.enter(Flying.self)
        }
        if machine.currentState is Taxiing {
            machine.enter(Flying.self)
        }
    }
}
