// Shapes whose findings must hold up when someone reads the code.
import SwiftState

/// A connection that closes in a callback, and ends in `failed` by design.
struct Connection {
    enum State {
        case idle, open, closed, failed
    }

    var state: State = .idle

    mutating func connect() {
        switch self.state {
        case .idle:
            self.state = .open
            channel.closeFuture.whenComplete { _ in self.state = .closed }
        case .open, .closed:
            break
        case .failed:
            preconditionFailure("connect after failure")
        }
    }

    mutating func fail() {
        switch self.state {
        case .idle, .open:
            self.state = .failed
        case .closed, .failed:
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
