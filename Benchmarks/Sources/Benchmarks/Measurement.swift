/// One timed run: how long `events` operations took.
struct Measurement {
    var name: String
    var events: Int
    var seconds: Double

    static func time(_ name: String, events: Int, _ body: () -> Void) -> Measurement {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Measurement(name: name, events: events, seconds: seconds)
    }

    var nanosecondsPerEvent: Double { seconds * 1e9 / Double(events) }
    var eventsPerSecond: Double { Double(events) / seconds }
}
