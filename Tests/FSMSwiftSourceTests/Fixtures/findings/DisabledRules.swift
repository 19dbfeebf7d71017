// Swift has no final marker: a comment at a state's case says the code ends there by design,
// in the manner of SwiftLint's `disable:next` and `disable:this`.
enum UploadPhase {
    case idle
    case uploading
    // fsmviz:disable:next dead-end
    case finished
    case cancelled  // fsmviz:disable:this dead-end
    case stalled
    // fsmviz:disable:next dead-ends
    case failed
}

final class Upload {
    private var phase: UploadPhase = .idle

    func start() {
        guard case .idle = phase else { return }
        phase = .uploading
    }

    func complete() {
        guard case .uploading = phase else { return }
        phase = .finished
    }

    func cancel() {
        guard case .uploading = phase else { return }
        phase = .cancelled
    }

    func timeOut() {
        guard case .uploading = phase else { return }
        phase = .stalled
    }

    func fail() {
        guard case .uploading = phase else { return }
        phase = .failed
    }
}
