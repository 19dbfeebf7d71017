// A transition table as nested dictionary literals, one with a key written twice.
enum TurnstileState {
    case locked
    case unlocked
    case broken
}

enum TurnstileEvent {
    case coin
    case push
    case kick
    case repair
}

struct Turnstile {
    var state: TurnstileState = .locked

    static let table: [TurnstileState: [TurnstileEvent: TurnstileState]] = [
        .locked: [.coin: .unlocked, .kick: .broken],
        .unlocked: [.push: .locked, .coin: .unlocked],
        .broken: [.repair: .locked, .repair: .unlocked],
    ]
}

func next(after state: TurnstileState, on event: TurnstileEvent) -> TurnstileState? {
    Turnstile.table[state]?[event]
}

// Keyed by event first.
enum Valve { case open, closed }
enum ValveCommand { case turnLeft, turnRight }

let valveTable: [ValveCommand: [Valve: Valve]] = [
    .turnLeft: [.closed: .open],
    .turnRight: [.open: .closed],
    .turnLeft: [.open: .open],
]
