// Shapes that switch on enums but are not state machines: none of these may be read as one.
enum Suit { case hearts, spades }
enum Color { case red, black }

extension Suit {
    static func == (lhs: Suit, rhs: Suit) -> Bool {
        switch (lhs, rhs) {
        case (.hearts, .hearts), (.spades, .spades): return true
        default: return false
        }
    }

    var color: Color {
        switch self {
        case .hearts: return .red
        case .spades: return .black
        }
    }
}

enum Door { case open, closed }

// Entry actions keyed by (from, to): two states, no event.
func entryAction(from: Door, to: Door) -> String? {
    switch (from, to) {
    case (.closed, .open): return "creak"
    default: return nil
    }
}
