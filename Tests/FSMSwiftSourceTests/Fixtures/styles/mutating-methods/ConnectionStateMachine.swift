// SwiftNIO's style: one mutating func per event, switching on self.state.
struct ConnectionStateMachine {
    enum State {
        case idle
        case connecting(attempt: Int)
        case connected
        case closing
        case closed
        case modifying
    }

    enum ConnectionError: Error { case notConnected }

    private var state: State

    init() {
        self.state = .idle
    }

    mutating func connect() {
        switch self.state {
        case .idle:
            self.state = .connecting(attempt: 1)
        case .connecting, .connected, .closing, .closed:
            preconditionFailure("connect() called twice")
        case .modifying:
            preconditionFailure("invalid state")
        }
    }

    mutating func connectionEstablished() {
        switch self.state {
        case .connecting:
            self.state = .modifying
            self.state = .connected
        case .idle, .connected, .closing, .closed, .modifying:
            preconditionFailure("invalid state")
        }
    }

    mutating func close() throws {
        switch self.state {
        case .connected:
            self.state = .closing
        case .connecting(let attempt) where attempt > 1:
            self.state = .closed
        case .idle, .connecting, .closing, .closed, .modifying:
            throw ConnectionError.notConnected
        }
    }

    mutating func closed() {
        self.state = .closed
    }

    func isOpen() -> Bool {
        switch self.state {
        case .connected: return true
        default: return false
        }
    }
}
