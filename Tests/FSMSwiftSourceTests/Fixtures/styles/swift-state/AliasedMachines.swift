// Library machine types as apps name them: through a typealias (declared after its use, as
// another file of the module would), built by `.init(...)` into a property of that type, and
// started from a parameter's default.
import StateMachine
import SwiftState
import Transporter

enum KettleState: StateType {
    case cold, heating, boiling
}

enum KettleEvent: EventType {
    case switchOn, reachBoil, switchOff
}

final class Kettle {
    private let machine: KettleMachine
    var hasWater = true

    init(start: KettleState = .cold) {
        machine = .init(state: start)
        machine.addRoutes(event: .switchOn, transitions: [.cold => .heating]) { _ in self.hasWater }
        machine.addRoutes(event: .reachBoil, transitions: [.heating => .boiling]) { _ in
            print("boiled")
        }
        machine.addRoutes(event: .switchOff, transitions: [.heating => .cold, .boiling => .cold])
        machine.addAnyHandler(.any => .boiling) { _ in print("whistle") }
    }

    func press() {
        machine <-! .switchOn
    }
}

typealias KettleMachine = StateMachine<KettleState, KettleEvent>

final class Lamp {
    enum State: StateMachineHashable {
        case off, on, broken(previous: Int)
    }

    enum Event: StateMachineHashable {
        case toggle, fail, repair
    }

    enum SideEffect {
        case buzz
    }

    typealias LampMachine = StateMachine<State, Event, SideEffect>

    static func lamp(startingIn start: State) -> LampMachine {
        LampMachine {
            initialState(start)
            state(.off) {
                on(.toggle) { _, _ in
                    return transition(to: .on)
                }
                on(.fail) {
                    transition(to: .broken(previous: 0))
                }
            }
            state(.on) {
                on(.toggle) {
                    dontTransition(emit: .buzz)
                }
            }
            state(.broken) {
                on(.repair) { broken in
                    transition(to: try broken.restored())
                }
            }
        }
    }
}

let unread = State("Unread")
let read = State("Read")
let archived = State("Archived")
let mailbox = StateMachine(initialState: unread, states: [read, archived])
let open = Event(name: "Open", sourceValues: ["Unread"], destinationValue: "Read")
let archive = Event(name: "Archive", sourceValues: ["Unread", "Read"], destinationValue: "Archived")
mailbox.addEvents([open, archive])
mailbox.fireEvent("Open")
