import Foundation

// The methods a type calls to change its state, private helpers and setters, are read where
// they are called, as part of the calling event: `transition(to:)` is no event of its own that
// fires from any state.
final class PlayerViewModel: ObservableObject {
    enum State: Equatable {
        case idle
        case loading
        case playing(URL)
        case paused(URL)
        case failed(String)
    }

    @Published private(set) var state: State = .idle

    func load(_ url: URL) {
        guard case .idle = state else { return }
        transition(to: .loading)
        fetch(url) { [weak self] ok in
            if ok { self?.transition(to: .playing(url)) } else { self?.transition(to: .failed("no stream")) }
        }
    }

    func pause() {
        guard case .playing(let url) = state else { return }
        transition(to: .paused(url))
    }

    func resume() {
        if case .paused(let url) = state {
            beginPlaying(url)
        }
    }

    func reset() {
        switch state {
        case .failed, .paused: state = .idle
        default: break
        }
    }

    private func beginPlaying(_ url: URL) {
        state = .playing(url)
    }

    private func transition(to newState: State) {
        print("\(state) -> \(newState)")
        state = newState
    }

    private func fetch(_ url: URL, completion: @escaping (Bool) -> Void) {}
}

// A guard that tests the state and something else fails from every other state, and from its
// own state where the other test fails; the helper it calls then runs from those states.
struct QueryStateMachine {
    enum State {
        case idle
        case parsing
        case streaming
        case copying
        case done
        case failed
    }

    enum Query {
        case select
        case copy
    }

    private var state: State = .idle
    private var query: Query = .select

    mutating func start(_ query: Query) {
        guard case .idle = state else { return fail() }
        self.query = query
        state = .parsing
    }

    mutating func rowsArrived() {
        guard case .parsing = state, case .select = query else { return fail() }
        state = .streaming
    }

    mutating func copyArrived() {
        guard case .parsing = state, case .copy = query else { return fail() }
        state = .copying
    }

    mutating func finished() {
        switch state {
        case .streaming, .copying: state = .done
        default: fail()
        }
    }

    private mutating func fail() {
        switch state {
        case .done, .failed: return
        default: state = .failed
        }
    }
}

// Helpers as server code writes them: a literal flag decides the helper's branch; overloads,
// events or helpers, are told apart by their labels; a helper's switch on a tuple holding the
// state narrows it; a local set in branches is followed to its cases; and a helper whose change
// the caller then replaces leaves only its callback, which runs from the caller's last state.
final class ChannelHandler {
    enum State {
        case idle
        case waiting
        case open
        case closed
        case failed
    }

    enum Role {
        case client
        case server
    }

    private var state: State = .idle
    private let role: Role = .client

    func connect(loop: EventLoop) {
        guard case .idle = state else { return }
        arm(loop)
        state = .waiting
    }

    func succeed() { respond(success: true) }

    func fail() { respond(success: false) }

    func close(graceful: Bool) {
        let next: State
        if graceful { next = .closed } else { next = .failed }
        finish(next)
    }

    func close(after error: Error) {
        finish(.failed, reason: "\(error)")
    }

    private func respond(success: Bool) {
        switch (role, state) {
        case (.client, .waiting):
            if success { state = .open } else { state = .failed }
        default:
            preconditionFailure("no response expected")
        }
    }

    private func finish(_ next: State) {
        switch state {
        case .open, .waiting: state = next
        default: break
        }
    }

    private func finish(_ next: State, reason: String) {
        guard case .waiting = state else { return }
        state = next
    }

    private func arm(_ loop: EventLoop) {
        switch state {
        case .idle:
            state = .waiting
            loop.schedule { self.state = .failed }
        default: break
        }
    }
}
