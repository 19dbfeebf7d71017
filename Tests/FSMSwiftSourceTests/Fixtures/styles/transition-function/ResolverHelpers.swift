// A resolver in Amplify's manner: each state's case unwraps the event, then hands it to a
// helper of the same file that switches on its kind, and the result is a library value generic
// over the state.
enum UploadState {
    case waiting, sending, done, failed
}

struct UploadEvent {
    enum Kind {
        case start, progress, finish, fail
    }
    let kind: Kind
}

struct UploadResolver {
    let defaultState = UploadState.waiting

    func resolve(oldState: UploadState, byApplying event: Any) -> Resolution<UploadState> {
        switch oldState {
        case .waiting:
            guard let upload = event as? UploadEvent else {
                return .from(oldState)
            }
            return resolveWaiting(upload, from: oldState)
        case .sending:
            guard let upload = event as? UploadEvent else { return .from(oldState) }
            let kind = upload.kind
            return resolveSending(kind, from: oldState)
        case .done, .failed:
            return .from(oldState)
        }
    }

    private func resolveWaiting(_ event: UploadEvent, from oldState: UploadState) -> Resolution<UploadState> {
        switch event.kind {
        case .start:
            return Resolution(newState: UploadState.sending, actions: [])
        default:
            return .from(oldState)
        }
    }

    private func resolveSending(_ kind: UploadEvent.Kind, from oldState: UploadState) -> Resolution<UploadState> {
        switch kind {
        case .finish:
            return .init(newState: .done, actions: [])
        case .fail:
            return .from(.failed)
        default:
            return .from(oldState)
        }
    }
}
