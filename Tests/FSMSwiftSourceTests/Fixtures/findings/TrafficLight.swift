// A typo in a next state does not compile; a static member of the enum's type does.
struct TrafficLight {
    enum State {
        case red, yellow, green, off

        static var initial: State { .red }
    }

    private var state: State = .red

    mutating func next() {
        switch state {
        case .red: state = .green
        case .green: state = .yelow
        case .yellow: state = .red
        case .off: break
        }
    }

    mutating func reset() {
        state = .initial
    }
}
