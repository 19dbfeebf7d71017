/// A transition function that switches over the state, the event and a third value, whose
/// patterns guard the rows they are in.
enum Kiosk {
    case idle, paying(Int), printing
}

enum KioskEvent {
    case insert(Int), choose, done
}

enum Paper {
    case loaded, empty
}

func next(from kiosk: Kiosk, on event: KioskEvent, paper: Paper) -> Kiosk {
    switch (kiosk, event, paper) {
    case (.idle, .insert(let amount), _):
        return .paying(amount)
    case (.paying, .choose, .loaded):
        return .printing
    case (.paying(let amount), .choose, .empty):
        return .paying(amount)
    case (.printing, .done, _):
        return .idle
    default:
        return kiosk
    }
}
