/// A `catch` runs from the state the body was in when a `try` threw: after each change that
/// comes before a throwing call, not after the body's last change.
final class Sync {
    enum Phase { case idle, pulling, pushing, done, failed, signedOut }
    enum SyncError: Error { case http(Int) }

    private(set) var phase: Phase = .idle

    func run() async {
        guard phase == .idle else { return }
        do {
            phase = .pulling
            try await pull()
            phase = .pushing
            try await push()
            phase = .done
            Task { [weak self] in await self?.report() }
        } catch SyncError.http(let code) where code == 401 || code == 403 {
            phase = .signedOut
        } catch {
            phase = .failed
        }
    }

    private func report() async {}
    private func pull() async throws {}
    private func push() async throws {}
}
