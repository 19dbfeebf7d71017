// An upload whose moves are a test of (from, to), the first matching case deciding, and whose
// holder changes the state directly after the test.
enum UploadState: Equatable {
    case idle
    case preparing
    case uploading(progress: Double)
    case finished
    case failed

    func canTransition(to next: UploadState) -> Bool {
        switch (self, next) {
        case (.idle, .preparing), (.preparing, .uploading), (.uploading, .uploading), (.uploading, .finished):
            return true
        case (.finished, .failed):
            return false
        case (_, .failed):
            return true
        case (.failed, .idle), (.finished, .idle):
            return true
        default:
            return false
        }
    }
}

final class Uploader {
    private(set) var state: UploadState = .idle
}
