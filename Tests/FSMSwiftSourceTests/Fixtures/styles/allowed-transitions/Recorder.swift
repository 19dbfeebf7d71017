/// Moves asked for through a method that checks an allowed-moves table first, reached through a
/// protocol's test: each move is drawn as that method's call.
protocol Guarded {
    associatedtype Phase: Hashable
    static var allowedMoves: [Phase: [Phase]] { get }
}

extension Guarded {
    static func permits(_ from: Phase, _ to: Phase) -> Bool {
        allowedMoves[from]?.contains(to) ?? false
    }
}

final class Recorder: Guarded {
    enum Phase { case idle, recording, processing }

    static let allowedMoves: [Phase: [Phase]] = [
        .idle: [.recording],
        .recording: [.processing, .idle],
        .processing: [.idle],
    ]

    private(set) var phase: Phase = .idle

    func move(to next: Phase) {
        guard Self.permits(phase, next) else { return }
        phase = next
    }
}
