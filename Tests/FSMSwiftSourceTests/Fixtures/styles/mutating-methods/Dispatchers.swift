// Shapes app code writes around an enum state, written for these tests: a generic state enum
// read by a nested-switch reducer, a class whose one method takes the event and switches on
// (state, event), and a reducer that sets a local in each branch and assigns it after the switch.
enum Resource<Value> {
    case idle
    case loading
    case loaded(Value)
    case failed(Error)
}

enum ResourceEvent<Value> {
    case appear
    case load(Value)
    case fail(Error)
    case refresh
}

enum ResourceReducer {
    static func reduce<Value>(_ state: Resource<Value>, _ event: ResourceEvent<Value>) -> Resource<Value> {
        switch state {
        case .idle:
            switch event {
            case .appear: return .loading
            default: return state
            }
        case .loading:
            switch event {
            case .load(let value): return .loaded(value)
            case .fail(let error): return .failed(error)
            default: return state
            }
        case .loaded, .failed:
            switch event {
            case .refresh: return .loading
            default: return state
            }
        }
    }
}

enum SyncState {
    case unselected
    case selected
    case estimated
    case running
}

enum SyncEvent {
    case select
    case estimate
    case execute
    case reset
}

final class SyncController {
    private(set) var state: SyncState = .unselected

    func handle(event: SyncEvent) {
        switch (state, event) {
        case (.unselected, .select):
            state = .selected
        case (.selected, .estimate):
            state = .estimated
        case (.estimated, .execute), (.selected, .execute):
            state = .running
        case (_, .reset):
            state = .unselected
        default:
            print("ignored \(event) in \(state)")
        }
    }
}

enum LinkState {
    case down
    case connecting
    case up
}

enum LinkEvent {
    case dial
    case answered
    case dropped
}

struct LinkReducer {
    private(set) var state: LinkState = .down
    private(set) var attempts = 0

    mutating func hangUp() {
        state = .down
    }

    mutating func reduce(_ event: LinkEvent) -> Bool {
        let next: LinkState
        switch (state, event) {
        case (.down, .dial):
            next = .connecting
        case (.connecting, .answered):
            next = .up
        case (.connecting, .dropped), (.up, .dropped):
            next = .down
        default:
            return false
        }
        attempts += 1
        state = next
        return true
    }
}

enum DoorState {
    case closed
    case open
    case locked
}

enum DoorEvent {
    case push
    case lock
    case unlock
}

enum DoorOutput {
    case chime
    case alarm
}

struct Door {
    var state: DoorState = .closed

    // A switch on the event whose cases test the state: the event's cases are the events.
    mutating func handle(_ event: DoorEvent) {
        switch event {
        case .push:
            guard case .closed = state else { return }
            state = .open
        case .lock:
            if case .closed = state { state = .locked }
        case .unlock:
            guard case .locked = state else { return }
            state = .closed
        }
    }

    // A switch on a value that never tests the state: the method is the event.
    mutating func apply(_ output: DoorOutput) {
        switch output {
        case .chime: return
        case .alarm: state = .locked
        }
    }
}

enum FlowState {
    case initialized
    case inProgress
    case finished
}

// Equality tests of the state narrow what follows them, as pattern tests do.
final class SelectionFlow {
    private var state: FlowState

    init() {
        self.state = .initialized
    }

    func start() {
        guard state == .initialized else { return }
        state = .inProgress
    }

    func finish() {
        precondition(self.state == .inProgress, "finish before start")
        self.state = .finished
    }

    func cancel() {
        if .finished == state { return }
        state = .finished
    }
}
