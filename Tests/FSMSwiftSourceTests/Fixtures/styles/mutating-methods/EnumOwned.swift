// Enums that are their own state: mutating methods switch on `self` and assign it.

enum WorkoutState {
    case idle, running, paused, finished

    mutating func start() {
        precondition(self == .idle)
        self = .running
    }

    mutating func pause() {
        guard case .running = self else { return }
        self = .paused
    }

    mutating func resume() {
        if self == .paused { self = .running }
    }

    mutating func finish() {
        switch self {
        case .running, .paused: self = .finished
        case .idle, .finished: break
        }
    }
}

struct Workout {
    var state: WorkoutState = .idle
}

enum Lamp {
    case on, off

    mutating func toggle() {
        switch self {
        case .on: self = .off
        case .off: self = .on
        }
    }
}

// An enum whose own initializer says where it starts, made by it in a property.
enum Door {
    case closed, open

    init() { self = .closed }

    mutating func toggle() {
        switch self {
        case .closed: self = .open
        case .open: self = .closed
        }
    }
}

struct House {
    var door = Door()
}

// Not machines: a setter, and a step through all cases that syntax cannot follow.
enum SortOrder: CaseIterable {
    case ascending, descending

    mutating func reset() { self = .ascending }
}

enum Speed: Int, CaseIterable {
    case slow, fast

    mutating func next() { self = Speed(rawValue: (rawValue + 1) % 2) ?? .slow }
}
