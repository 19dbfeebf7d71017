// State behind a lock (`Mutex`, SwiftNIO's `NIOLockedValueBox`): each event changes it in the
// closure the lock lends it to, by its own name or as `$0`, and the lock's value is the start.
import Synchronization

final class LockedConnection: Sendable {
    private enum State {
        case idle
        case connecting
        case connected(Int)
        case closed
    }

    private let state = Mutex<State>(.idle)

    func connect() throws {
        try state.withLock { state in
            switch state {
            case .idle:
                state = .connecting
            case .connecting, .connected:
                throw ConnectionError.busy
            case .closed:
                throw ConnectionError.closed
            }
        }
    }

    func didConnect(id: Int) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard case .connecting = state else { return false }
            state = .connected(id)
            return true
        }
        return accepted
    }

    var isConnected: Bool {
        state.withLock { if case .connected = $0 { true } else { false } }
    }

    func close() {
        state.withLock { $0 = .closed }
    }
}
