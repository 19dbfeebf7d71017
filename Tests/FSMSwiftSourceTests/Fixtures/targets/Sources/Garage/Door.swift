// The garage's door also locks; its `Door` is not the kitchen's.

struct Door {
    enum State { case closed, open, locked }
    var state: State = .locked

    mutating func unlock() {
        guard case .locked = state else { return }
        state = .closed
    }

    mutating func open() {
        guard case .closed = state else { return }
        state = .open
    }
}
