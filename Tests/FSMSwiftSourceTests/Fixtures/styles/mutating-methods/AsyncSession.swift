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

@MainActor
final class InboxModel {
    enum Status {
        case idle
        case syncing
        case listening
        case saving
        case upToDate
        case failed
    }

    private(set) var status: Status = .idle

    // A catch runs from where the body got to: syncing, not idle.
    func sync(cached: Bool) async {
        do {
            status = .syncing
            if cached {
                status = .upToDate
                return
            }
            try await download()
            status = .upToDate
        } catch {
            status = .failed
        }
    }

    // `for await` suspends too.
    func listen(_ updates: AsyncStream<Int>) async {
        status = .listening
        for await _ in updates {
            status = .syncing
        }
        status = .idle
    }

    // A defer's assignment is the last, after the await.
    func save() async {
        status = .saving
        defer { status = .idle }
        await persist()
    }

    private func download() async throws {}
    private func persist() async {}
}
