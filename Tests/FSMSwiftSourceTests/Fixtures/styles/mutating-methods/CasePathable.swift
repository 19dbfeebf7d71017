import CasePaths

/// States tested through the case paths `@CasePathable` gives the enum (`phase.is(\.idle)`),
/// which narrow as `guard case .idle = phase` does.
@MainActor
final class Uploader {
    @CasePathable
    enum Phase { case idle, uploading(progress: Double), finished, failed }

    private(set) var phase: Phase = .idle

    func start() {
        guard phase.is(\.idle) else { return }
        phase = .uploading(progress: 0)
    }

    func finish() {
        if phase.is(\.uploading) {
            phase = .finished
        }
    }

    func fail() {
        guard !phase.is(\.finished) else { return }
        phase = .failed
    }
}
