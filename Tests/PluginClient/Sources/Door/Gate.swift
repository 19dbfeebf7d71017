// A machine written in Swift, which FsmvizLintPlugin lints on every build.
enum GateState {
    case closed
    case open
}

enum GateEvent {
    case coin
    case push
    case kick
}

struct Gate {
    var state: GateState = .closed

    func next(_ state: GateState, _ event: GateEvent) -> GateState? {
        switch (state, event) {
        case (.closed, .coin): return .open
        case (.open, .push): return .closed
        default: return nil
        }
    }
}
