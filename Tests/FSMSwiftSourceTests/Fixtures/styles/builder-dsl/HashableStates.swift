import StateMachine

/// Tinder's DSL over enums that `@StateMachineHashable` makes matchable by case, as its README
/// writes them: the macro adds nothing the reader needs.
@StateMachineHashable
enum Connection {
    case disconnected
    case connecting(attempt: Int)
    case connected(sessionID: String)
}

@StateMachineHashable
enum ConnectionEvent {
    case connect
    case didConnect(sessionID: String)
    case drop
}

enum ConnectionEffect {
    case dial
    case announce
}

final class ConnectionController {
    let machine = StateMachine<Connection, ConnectionEvent, ConnectionEffect> {
        initialState(.disconnected)
        state(.disconnected) {
            on(.connect) { transition(to: .connecting(attempt: 1), emit: .dial) }
        }
        state(.connecting) {
            on(.didConnect) { transition(to: .connected(sessionID: "s"), emit: .announce) }
            on(.drop) { transition(to: .disconnected) }
        }
        state(.connected) {
            on(.drop) { transition(to: .disconnected) }
        }
    }
}
