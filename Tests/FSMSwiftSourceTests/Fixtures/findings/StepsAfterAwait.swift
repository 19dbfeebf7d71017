/// A method that moves on after an `await` makes its steps one after another: a step it takes
/// later, from the state it moved to, hides none of the rows written before it.
final class Dictation {
    enum Phase { case idle, transcribing, result, failed }
    enum DictationError: Error { case empty }

    private(set) var phase: Phase = .idle

    func stopAndTranscribe(hasAudio: Bool) async {
        guard hasAudio else {
            phase = .idle
            return
        }
        phase = .transcribing
        do {
            let text = try await transcribe()
            guard !text.isEmpty else {
                phase = .failed
                return
            }
            phase = .result
        } catch DictationError.empty {
            phase = .failed
        } catch {
            phase = .failed
        }
    }

    private func transcribe() async throws -> String { "" }
}
