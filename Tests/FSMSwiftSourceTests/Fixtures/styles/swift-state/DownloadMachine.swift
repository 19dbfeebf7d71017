// ReactKit/SwiftState: routes added in the machine's closure and later on its variable.
import SwiftState

enum DownloadState: StateType {
    case idle
    case downloading
    case paused
    case finished
    case failed
}

enum DownloadEvent: EventType {
    case start
    case pause
    case resume
    case complete
    case fail
    case reset
}

final class Downloader {
    var hasResumeData = false

    lazy var machine = StateMachine<DownloadState, DownloadEvent>(state: .idle) { machine in
        machine.addRoutes(event: .start, transitions: [.idle => .downloading])
        machine.addRoutes(event: .pause, transitions: [.downloading => .paused])
        machine.addRoutes(event: .resume, transitions: [.paused => .downloading], condition: { _ in self.hasResumeData })
        machine.addRoutes(event: .complete, transitions: [.downloading => .finished])
        machine.addRoutes(event: .fail, transitions: [.downloading => .failed, .paused => .failed])

        // Handlers run on transitions; they add no route.
        machine.addHandler(.downloading => .finished) { context in
            print("done: \(context)")
        }
        machine.addAnyHandler(.any => .failed) { context in
            print("failed from \(context.fromState)")
        }
        machine.addErrorHandler { context in
            print("no route: \(context)")
        }
    }

    func configure() {
        machine.addRoutes(event: .reset, transitions: [.any => .idle])
        // A direct state change, without an event: `machine <- .idle`.
        self.machine.addRoute(.finished => .idle)
    }

    // Send sites: they fire events, they declare nothing.
    func start() { machine <-! .start }
    func pause() { machine.tryEvent(.pause) }
    func giveUp() { machine <- .idle }
}

enum Light: StateType {
    case off, dim, bright
}

enum LightEvent: EventType {
    case toggle, brighten
}

// A route mapping: the next state is computed from the state and the event.
let light = StateMachine<Light, LightEvent>(state: .off) { machine in
    machine.addRouteMapping { event, fromState, userInfo -> Light? in
        switch (fromState, event) {
        case (.off, .toggle?): return .dim
        case (.dim, .brighten?), (.bright, .brighten?): return .bright
        case (_, .toggle?): return .off
        default: return nil
        }
    }
    machine.addRoute([.dim, .bright] => .off)
}

enum Step: StateType {
    case first, second, third, done
}

enum StepEvent: EventType {
    case advance, finish
}

// The machine's type is on its property; the call leaves it to inference.
final class Wizard {
    private let machine: StateMachine<Step, StepEvent>

    init() {
        machine = StateMachine(state: .first) { machine in
            machine.addRouteChain(.first => .second => .third)
            machine.addRoutes(event: .advance, transitions: [.first => .second, .second => .third])
            machine.addRoutes(event: .finish, transitions: [.third => .done])
        }
    }
}
