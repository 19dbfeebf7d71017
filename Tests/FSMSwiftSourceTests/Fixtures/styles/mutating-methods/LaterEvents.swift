/// An event a callback calls fires later, as itself; an event a closure that runs at once calls
/// is the caller's change, read in place.
final class Uplink {
    enum State { case idle, connecting, online, closing, closed }

    private var state: State = .idle

    func connect() {
        guard case .idle = state else { return }
        state = .connecting
        // Runs after connect() returns, in whatever state the link is in by then: the change is
        // disconnect's own, not connect's from .connecting.
        Task { await self.disconnect() }
        // Runs before parse returns: the change is connect's, from .connecting.
        parse { self.goOnline() }
    }

    func goOnline() {
        guard case .connecting = state else { return }
        state = .online
    }

    func disconnect() async {
        switch state {
        case .online, .connecting:
            state = .closing
            await flush()
            state = .closed
        case .idle, .closing, .closed:
            break
        }
    }

    private func parse(_ body: () -> Void) { body() }
    private func flush() async {}
}
