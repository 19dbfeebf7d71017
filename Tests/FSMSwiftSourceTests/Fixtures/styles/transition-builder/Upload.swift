import FSMRuntime

// An upload on fsmviz's DDStateMachine-style builder: transitions by event, by condition and by
// the result of a work state.
enum UploadStatus: Hashable, Sendable {
    case waiting, uploading, done, failed
}

enum UploadEvent: Hashable, Sendable {
    case start, retry
}

struct UploadExtra: DDStateMachine.ExtraStateProtocol {
    var attempts = 0
}

func makeUpload(send: @escaping @Sendable () async -> Bool) -> DDStateMachine.BuiltStateMachine<UploadStatus, UploadEvent, UploadExtra> {
    let builder = DDStateMachine.StateMachineBuilder<UploadStatus, UploadEvent, UploadExtra>()
    let waiting = DDStateMachine.StateBuilder<UploadStatus, UploadEvent, UploadExtra>(.waiting)
    let done = DDStateMachine.StateBuilder<UploadStatus, UploadEvent, UploadExtra>(.done)
    let failed = DDStateMachine.StateBuilder<UploadStatus, UploadEvent, UploadExtra>(.failed)
    let uploading = DDStateMachine.WorkStateBuilder<UploadStatus, UploadEvent, UploadExtra, Bool>(.uploading, work: send)

    builder.shouldTransit(waiting ~> uploading).by(event: .start).immediately()
    builder.shouldTransit(uploading ~> done).ifResult("sent") { result, _ in result }
    builder.shouldTransit(uploading ~> failed).ifResult("!sent") { result, _ in !result }
    builder.shouldTransit(failed ~> uploading)
        .by(event: .retry)
        .ifCondition("fewer than 3 attempts") { $0.attempts < 3 }
    return builder.build(initialState: waiting)
}
