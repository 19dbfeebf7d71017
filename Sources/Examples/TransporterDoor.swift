import FSMDOT
import FSMRuntime
import Foundation

/// A Transporter-style exit door: a badge reader outside, a push bar inside.
struct TransporterDoor: Example {
    static let name = "transporter"
    static let summary = "Transporter: an exit door with a badge reader (Transporter.StateMachine)"

    typealias State = Transporter.State
    typealias Event = Transporter.Event
    typealias StateMachine = Transporter.StateMachine

    enum DoorState: String, Hashable, Sendable {
        case Opened
        case Closed
        case Locked
    }

    /// Whether the badge just swiped is authorized; the reader sets it.
    final class BadgeReader: Sendable {
        private let authorized = Locked(false)
        var isAuthorized: Bool { authorized.value }
        func swipe(authorized value: Bool) { authorized.value = value }
    }

    /// The door's machine, built once here so a test can compare it with the one fsmviz reads
    /// from this file's source.
    static func makeMachine(badge: BadgeReader) -> StateMachine<DoorState> {
        let opened = State(DoorState.Opened)
        let closed = State(DoorState.Closed)
        let locked = State(DoorState.Locked)
        opened.didEnterState = { state in print("    didEnterState \(state.value)") }
        opened.didExitState = { state in print("    didExitState \(state.value)") }
        let machine = StateMachine(initialState: closed, states: [opened, locked])

        let open = Event(name: "open", sourceValues: [DoorState.Closed, .Locked], destinationValue: .Opened)
        open.label = "open (push bar)"
        open.willFireEvent = { _ in print("    willFireEvent: retract latch and bolt") }
        open.willFireEventLabel = "retract latch and bolt if thrown"
        open.didFireEvent = { _ in print("    didFireEvent: start door-held-open alarm timer") }
        open.didFireEventLabel = "start door-held-open alarm timer"

        let close = Event(name: "close", sourceValues: [DoorState.Opened], destinationValue: .Closed)
        close.didFireEvent = { _ in print("    didFireEvent: cancel door-held-open alarm timer") }
        close.didFireEventLabel = "cancel door-held-open alarm timer"

        let lock = Event(name: "lock", sourceValues: [DoorState.Closed], destinationValue: .Locked)
        lock.didFireEvent = { _ in print("    didFireEvent: throw bolt") }
        lock.didFireEventLabel = "throw bolt"

        let unlock = Event(name: "unlock", sourceValues: [DoorState.Locked], destinationValue: .Closed)
        unlock.label = "unlock (badge)"
        unlock.shouldFireEvent = { _ in badge.isAuthorized }
        unlock.shouldFireEventLabel = "badge is authorized"
        unlock.willFireEvent = { _ in print("    willFireEvent: log badge swipe") }
        unlock.willFireEventLabel = "log badge swipe"
        unlock.didFireEvent = { _ in print("    didFireEvent: withdraw bolt") }
        unlock.didFireEventLabel = "withdraw bolt"

        let refused = machine.addEvents([open, close, lock, unlock])
        precondition(refused.isEmpty, "\(refused)")
        return machine
    }

    static func run() async throws {
        let badge = BadgeReader()
        let machine = makeMachine(badge: badge)
        let knock = Event(name: "knock", sourceValues: [DoorState.Opened], destinationValue: .Opened)
        do {
            try StateMachine(initialStateValue: DoorState.Closed).addEvent(knock)
        } catch {
            print("addEvent(knock) on a machine without state Opened throws \(error)")
        }

        func fire(_ name: String, _ comment: String) {
            print("fireEvent(\"\(name)\")  // \(comment)")
            switch machine.fireEvent(name) {
            case .success(let source, let destination): print("  -> .success(\(source.value) -> \(destination.value))")
            case .error(let error): print("  -> .error(.\(error)), still \(machine.currentState.value)")
            case .queued: print("  -> .queued")
            }
        }
        print("currentState: \(machine.currentState.value)")
        fire("lock", "at night")
        fire("unlock", "a badge nobody authorized")
        badge.swipe(authorized: true)
        fire("unlock", "an authorized badge")
        fire("close", "the door is already closed")
        fire("open", "someone pushes the bar")
        fire("close", "the door swings shut")
        fire("knock", "no such event")

        print("\nDOT:")
        print(DOTWriter().write(try machine.graph(name: "Door")))
    }
}
