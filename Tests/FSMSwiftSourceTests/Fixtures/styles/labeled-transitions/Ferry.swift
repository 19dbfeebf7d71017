/// An in-house table machine: the class is generic, the machine is the calls made on one value.
final class Table<S: Hashable, E: Hashable> {
    private var rows: [S: [E: S]] = [:]
    private var current: S?

    func setTransition(from: S, to: S, on event: E) {
        rows[from, default: [:]][event] = to
    }

    func start(with state: S) { current = state }

    func fire(_ event: E) {
        guard let state = current, let next = rows[state]?[event] else { return }
        current = next
    }
}

enum Dock { case moored, boarding, sailing, unloading }

enum Signal { case openRamp, castOff, arrive, closeRamp }

let ferry = Table<Dock, Signal>()

ferry.setTransition(from: .moored, to: .boarding, on: .openRamp)
ferry.setTransition(from: .boarding, to: .sailing, on: .castOff)
ferry.setTransition(from: .sailing, to: .unloading, on: .arrive)
ferry.setTransition(from: .unloading, to: .moored, on: .closeRamp)
ferry.start(with: .moored)
