extension MachineSketch {
    /// The event a direct change into `target` is drawn and linted with, as GameplayKit's
    /// `enter(X.self)` spells it.
    static func enterEvent(_ target: String) -> String { "enter(\(target))" }

    /// Turns each direct change (SwiftState's `machine <- .b`, an allowed move) into one row per
    /// target on the event `enter(TARGET)`, or `METHOD(TARGET)` for the method that makes it. Without an event, a transition is automatic, taken
    /// as soon as its source is entered, and two from one state would shadow each other, while
    /// code takes either when it asks for it.
    mutating func nameDirectChanges() {
        var named: [Row] = []
        for row in rows {
            guard row.isDirectChange else {
                named.append(row)
                continue
            }
            // A direct change that allows nothing (`.delivered: []`, `return nil` in a route
            // mapping) is no route, on no event; kept, it says the code handles the state and
            // means it to end there.
            guard case .moves(let targets, let computed) = row.outcome else {
                var handled = row
                handled.events = []
                handled.eventless = false
                named.append(handled)
                continue
            }
            for target in targets {
                let event = directChangeMethod.map { "\($0)(\(target))" } ?? Self.enterEvent(target)
                if !events.contains(where: { $0.name == event }) { events.append((event, row.location)) }
                var split = row
                split.eventless = false
                split.events = [event]
                split.outcome = .moves(targets: [target], computed: computed)
                named.append(split)
            }
        }
        rows = named
    }
}
