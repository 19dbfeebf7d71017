// SwiftState code that declares no route: handlers and send sites only, on a machine set up
// elsewhere. None of it may be read as a machine.
import SwiftState

enum Phase: StateType {
    case ready, running, done
}

enum PhaseEvent: EventType {
    case go, finish
}

final class PhaseObserver {
    let machine: StateMachine<Phase, PhaseEvent>

    init(machine: StateMachine<Phase, PhaseEvent>) {
        self.machine = machine
        machine.addHandler(.ready => .running) { _ in print("running") }
        machine.addAnyHandler(.any => .done) { _ in print("done") }
        machine.addHandler(event: .finish) { _ in print("finished") }
    }

    func go() {
        machine <-! .go
        machine.tryEvent(.finish)
        _ = machine.hasRoute(.ready => .running)
    }
}

// A handler-only machine: it has a start state but no route.
let watcher = StateMachine<Phase, PhaseEvent>(state: .ready) { machine in
    machine.addAnyHandler(.any => .any) { context in print(context) }
}
