import GameplayKit

/// The states' shared superclass: its test is what each state inherits unless it has its own.
class CrewState: GKState {
    unowned let ship: Ship

    init(ship: Ship) {
        self.ship = ship
        super.init()
    }

    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        stateClass == DockedState.self
    }
}
