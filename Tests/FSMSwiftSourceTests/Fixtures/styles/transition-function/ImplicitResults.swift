/// A transition function written with switch expressions (Swift 5.9): each case gives the next
/// state without `return`, one through a helper whose result may be `nil` and a fallback.
enum Payout: Equatable {
    case idle, submitting, submitted, confirmed, failed

    enum Event {
        case start, accepted(Bool?), refused
    }

    func applying(_ event: Event) -> Payout {
        switch (self, event) {
        case (.idle, .start): .submitting
        case (.submitting, .accepted(let ok)): Self.settled(ok) ?? .submitted
        case (.submitting, .refused): .idle
        default: self
        }
    }

    private static func settled(_ ok: Bool?) -> Payout? {
        switch ok {
        case true?: .confirmed
        case false?: .failed
        case nil: nil
        }
    }
}
