// A door's machine as a transition function: a `switch` over the state and the event, one
// `case` per transition, `nil` where the event is ignored.
enum DoorState {
    case closed
    case open
    case locked
}

enum DoorEvent {
    case open
    case close
    case lock
    case unlock
}

struct DoorController {
    func next(_ state: DoorState, _ event: DoorEvent) -> DoorState? {
        switch (state, event) {
        case (.closed, .open): return .open
        case (.open, .close): return .closed
        case (.closed, .lock): return .locked
        case (.locked, .unlock): return .closed
        default: return nil
        }
    }
}
