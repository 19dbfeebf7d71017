// Shapes whose findings must hold up when someone reads the code.
import SwiftState

/// A connection that closes in a callback its event sets up, drops in one its initializer
/// sets up, and ends in `failed` by design.
struct Connection {
    enum State {
        case idle, open, closed, failed, dropped
    }

    var state: State = .idle

    init(channel: Channel) {
        channel.onDrop { self.state = .dropped }
    }

    mutating func connect() {
        switch self.state {
        case .idle:
            self.state = .open
            channel.closeFuture.whenComplete { _ in self.state = .closed }
        case .open, .closed, .dropped:
            break
        case .failed:
            preconditionFailure("connect after failure")
        }
    }

    mutating func fail() {
        switch self.state {
        case .idle, .open:
            self.state = .failed
        case .closed, .failed, .dropped:
            break
        }
    }
}

enum Session: StateType {
    case signedIn, signingOut(soft: Bool), signedOut
}

enum SessionEvent: EventType {
    case signOut, finished
}

final class SessionFlow {
    let machine = StateMachine<Session, SessionEvent>(state: .signedIn) { machine in
        machine.addRoutes(event: .signOut, transitions: [.signedIn => .signingOut(soft: false)])
        machine.addRoutes(event: .finished, transitions: [.signingOut(soft: false) => .signedOut])
        machine.addRoutes(event: .finished, transitions: [.signingOut(soft: true) => .signedOut])
    }
}
