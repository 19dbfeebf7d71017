// Async code keeps a state across each `await`: the UI and other tasks see `connecting` and
// `loading`, so they are states the methods move into and on from, not placeholders.
actor SessionConnection {
    enum State {
        case disconnected
        case connecting
        case connected
        case retrying(attempt: Int)
        case closed
    }

    private var state: State = .disconnected

    func connect() async throws {
        guard case .disconnected = state else { return }
        state = .connecting
        do {
            try await openSocket()
            state = .connected
        } catch {
            state = .retrying(attempt: 1)
        }
    }

    func drop() async {
        guard case .connected = state else { return }
        state = .retrying(attempt: 1)
        try? await Task.sleep(for: .seconds(1))
        // Another task may have closed the connection while this one slept.
        switch state {
        case .retrying: state = .connecting
        default: break
        }
    }

    func close() {
        state = .closed
    }

    private func openSocket() async throws {}
}

@MainActor
final class FeedModel {
    enum Phase {
        case idle
        case loading
        case loaded([String])
        case failed(String)
    }

    private(set) var phase: Phase = .idle

    func refresh() async {
        phase = .loading
        do {
            phase = .loaded(try await fetch())
        } catch {
            phase = .failed("\(error)")
        }
    }

    private func fetch() async throws -> [String] { [] }
}
