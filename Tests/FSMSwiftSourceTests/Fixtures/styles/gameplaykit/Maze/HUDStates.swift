import GameplayKit

// Without an override, GKState allows every state to follow these.
final class HUDShown: GKState {}
final class HUDHidden: GKState {}

final class HUD {
    let machine = GKStateMachine(states: [HUDShown(), HUDHidden()])

    init() {
        machine.enter(HUDHidden.self)
    }
}

// The states in a local array first.
final class Minimap {
    let machine: GKStateMachine

    init() {
        let states: [GKState] = [HUDHidden(), HUDShown()]
        machine = GKStateMachine(states: states)
        machine.enter(HUDShown.self)
    }
}
