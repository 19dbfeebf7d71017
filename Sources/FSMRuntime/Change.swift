/// One accepted transition: the machine moved from `source` to `target`.
public struct Change<State: Hashable & Sendable, Event: Hashable & Sendable>: Hashable, Sendable {
    /// The state before.
    public var source: State
    /// The state after.
    public var target: State
    /// The event that caused it, or `nil` for an automatic transition.
    public var event: Event?

    /// Creates a change.
    public init(source: State, target: State, event: Event?) {
        self.source = source
        self.target = target
        self.event = event
    }
}

extension Change: CustomStringConvertible {
    /// `closed --open--> open`, or `open --(automatic)--> closed` for an automatic transition:
    /// the notation of lint's witnesses, with the states and the event as they print.
    public var description: String {
        let via = event.map { String(describing: $0) } ?? "(automatic)"
        return "\(source) --\(via)--> \(target)"
    }
}
