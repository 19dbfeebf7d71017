import GameplayKit

// isValidNextState(_:) as a list of the classes allowed: `contains` with a closure that compares
// each to the class asked about, or over ObjectIdentifiers; the other classes stay refused.
final class LobbyState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        [MatchState.self, SettingsState.self].contains { $0 == stateClass }
    }
}

final class MatchState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        return [LobbyState.self].contains(where: { stateClass == $0 })
    }
}

final class SettingsState: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        [ObjectIdentifier(LobbyState.self), ObjectIdentifier(MatchState.self)].contains(ObjectIdentifier(stateClass))
    }
}

final class Lobby {
    let machine = GKStateMachine(states: [LobbyState(), MatchState(), SettingsState()])

    func start() {
        machine.enter(LobbyState.self)
    }
}
