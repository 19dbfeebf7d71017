import FSMAnalysis
import FSMCore
import FSMDOT
import FSMRuntime
import Foundation
import TestSupport
import Testing

/// Transporter's API on the runtime, checked with a Transporter-style exit door against
/// `samples/transporter-door.json`.
@Suite struct TransporterTests {
    typealias State = Transporter.State
    typealias Event = Transporter.Event
    typealias StateMachine = Transporter.StateMachine

    enum DoorState: String, Hashable, Sendable {
        case Opened
        case Closed
        case Locked
    }

    /// The hardware around the door, recording what the machine asks of it.
    final class Door: Sendable {
        let log = Log()
        let badgeIsAuthorized = Shared(false)
    }

    /// An exit door with a badge reader outside and a push bar inside, written as a
    /// Transporter user would.
    static func doorMachine(_ door: Door = Door()) throws -> StateMachine<DoorState> {
        let opened = State(DoorState.Opened)
        let closed = State(DoorState.Closed)
        let locked = State(DoorState.Locked)
        let machine = StateMachine(initialState: closed, states: [opened, locked])

        let open = Event<DoorState>(name: "open", sourceValues: [.Closed, .Locked], destinationValue: .Opened)
        open.label = "open (push bar)"
        open.willFireEvent = { _ in door.log.add("retract latch and bolt") }
        open.willFireEventLabel = "retract latch and bolt if thrown"
        open.didFireEvent = { _ in door.log.add("start alarm timer") }
        open.didFireEventLabel = "start door-held-open alarm timer"

        let close = Event<DoorState>(name: "close", sourceValues: [.Opened], destinationValue: .Closed)
        close.didFireEvent = { _ in door.log.add("cancel alarm timer") }
        close.didFireEventLabel = "cancel door-held-open alarm timer"

        let lock = Event<DoorState>(name: "lock", sourceValues: [.Closed], destinationValue: .Locked)
        lock.didFireEvent = { _ in door.log.add("throw bolt") }
        lock.didFireEventLabel = "throw bolt"

        let unlock = Event<DoorState>(name: "unlock", sourceValues: [.Locked], destinationValue: .Closed)
        unlock.label = "unlock (badge)"
        unlock.shouldFireEvent = { _ in door.badgeIsAuthorized.withLock { $0 } }
        unlock.shouldFireEventLabel = "badge is authorized"
        unlock.willFireEvent = { _ in door.log.add("log badge swipe") }
        unlock.willFireEventLabel = "log badge swipe"
        unlock.didFireEvent = { _ in door.log.add("withdraw bolt") }
        unlock.didFireEventLabel = "withdraw bolt"

        for event in [open, close, lock, unlock] { try machine.addEvent(event) }
        return machine
    }

    /// A result as text: `Closed->Locked`, `error(transitionDeclined)` or `queued`.
    static func text(_ result: Transporter.TransitionResult<DoorState>) -> String {
        switch result {
        case .success(let source, let destination): "\(source.value)->\(destination.value)"
        case .error(let error): "error(\(error))"
        case .queued: "queued"
        }
    }

    @Test func doorRun() throws {
        let door = Door()
        let machine = try Self.doorMachine(door)
        #expect(machine.isInState(.Closed))
        #expect(Self.text(machine.fireEvent("lock")) == "Closed->Locked")
        #expect(Self.text(machine.fireEvent("unlock")) == "error(transitionDeclined)")
        #expect(machine.currentState.value == .Locked)
        door.badgeIsAuthorized.withLock { $0 = true }
        #expect(Self.text(machine.fireEvent("unlock")) == "Locked->Closed")
        #expect(Self.text(machine.fireEvent("close")) == "error(wrongSourceState)")
        #expect(Self.text(machine.fireEvent("knock")) == "error(unknownEvent)")
        #expect(Self.text(machine.fireEvent("open")) == "Closed->Opened")
        #expect(machine.fireEvent("close").successful)
        #expect(machine.currentState === machine.initialState)
        #expect(
            door.log.all == [
                "throw bolt", "log badge swipe", "withdraw bolt", "retract latch and bolt", "start alarm timer",
                "cancel alarm timer",
            ])
    }

    @Test func pushBarOpensALockedDoor() throws {
        let machine = try Self.doorMachine()
        machine.fireEvent("lock")
        let result = machine.fireEvent(try #require(machine.eventWithName("open")))
        guard case .success(let source, let destination) = result else {
            Issue.record("expected success, got \(Self.text(result))")
            return
        }
        #expect(source === machine.stateWithValue(.Locked))
        #expect(destination === machine.stateWithValue(.Opened))
    }

    @Test func addEventChecksItsStates() {
        let machine = StateMachine(initialStateValue: DoorState.Closed)
        machine.addState(State(.Opened))
        #expect(throws: Transporter.EventError<DoorState>.noSourceValue(nil, event: "nowhere")) {
            try machine.addEvent(Event<DoorState>(name: "nowhere", sourceValues: [], destinationValue: .Opened))
        }
        #expect(throws: Transporter.EventError.noSourceValue(DoorState.Locked, event: "open")) {
            try machine.addEvent(Event<DoorState>(name: "open", sourceValues: [.Closed, .Locked], destinationValue: .Opened))
        }
        #expect(throws: Transporter.EventError.noDestinationValue(DoorState.Locked, event: "lock")) {
            try machine.addEvent(Event<DoorState>(name: "lock", sourceValues: [.Closed], destinationValue: .Locked))
        }
        let refused = machine.addEvents([
            Event<DoorState>(name: "open", sourceValues: [.Closed], destinationValue: .Opened),
            Event<DoorState>(name: "lock", sourceValues: [.Closed], destinationValue: .Locked),
        ])
        #expect(refused == [.noDestinationValue(.Locked, event: "lock")])
        #expect(machine.eventsWithName("open").count == 1)
        #expect(machine.eventWithName("lock") == nil)
        #expect(machine.fireEvent("open").successful)
    }

    @Test func statesAreAddedOnceInitialFirst() throws {
        let closed = State(DoorState.Closed)
        let duplicate = State(DoorState.Closed)
        let machine = StateMachine(initialState: closed, states: [State(.Opened), duplicate, State(.Locked)])
        #expect(machine.availableStates.map(\.value) == [.Closed, .Opened, .Locked])
        #expect(machine.stateWithValue(.Closed) === closed)
        #expect(machine.isStateAvailable(.Locked))
        #expect(try machine.graph().states.map(\.id) == ["Closed", "Opened", "Locked"])
    }

    /// Transporter's order: the new state's `willEnterState` before the old state's
    /// `willExitState`, the old state's `didExitState` before the new state's `didEnterState`.
    @Test func callbacksRunInTransportersOrder() throws {
        let log = Log()
        let closed = State(DoorState.Closed)
        let opened = State(DoorState.Opened)
        closed.willExitState = { state in log.add("willExit \(state.value)") }
        closed.didExitState = { state in log.add("didExit \(state.value)") }
        let machine = StateMachine(initialState: closed, states: [opened])
        let open = Event<DoorState>(name: "open", sourceValues: [.Closed], destinationValue: .Opened)
        open.shouldFireEvent = { event in
            log.add("shouldFireEvent \(event.name)")
            return true
        }
        open.willFireEvent = { event in log.add("willFireEvent \(event.name)") }
        open.didFireEvent = { event in log.add("didFireEvent \(event.name)") }
        try machine.addEvent(open)
        // Closures set after the state and event were added are the ones called. (Unowned:
        // the machine keeps its states, so a strong capture would be a reference cycle.)
        opened.willEnterState = { [unowned machine] state in log.add("willEnter \(state.value) current=\(machine.currentState.value)") }
        opened.didEnterState = { [unowned machine] state in log.add("didEnter \(state.value) current=\(machine.currentState.value)") }
        machine.fireEvent(open)
        #expect(
            log.all == [
                "shouldFireEvent open", "willFireEvent open", "willEnter Opened current=Closed", "willExit Closed",
                "didExit Closed", "didEnter Opened current=Opened", "didFireEvent open",
            ])
    }

    @Test func activateStateMovesWithoutAnEvent() throws {
        let log = Log()
        let closed = State(DoorState.Closed)
        let opened = State(DoorState.Opened)
        for state in [closed, opened] {
            state.willEnterState = { log.add("willEnter \($0.value)") }
            state.didEnterState = { log.add("didEnter \($0.value)") }
            state.willExitState = { log.add("willExit \($0.value)") }
            state.didExitState = { log.add("didExit \($0.value)") }
        }
        let machine = StateMachine(initialState: closed, states: [opened])
        machine.activateState(.Opened)
        #expect(machine.currentState === opened)
        machine.activateState(.Locked)
        #expect(machine.currentState === opened, "no state Locked: activateState does nothing")
        machine.activateState(.Opened)
        #expect(
            log.all == [
                "willEnter Opened", "willExit Closed", "didExit Closed", "didEnter Opened",
                "willEnter Opened", "willExit Opened", "didExit Opened", "didEnter Opened",
            ])
        #expect(try machine.graph().transitions.isEmpty, "activation is not a transition of the diagram")
    }

    @Test func possibleTransitionForEventChecksTheSourceOnly() throws {
        let machine = try Self.doorMachine()
        let unlock = try #require(machine.eventWithName("unlock"))
        #expect(Self.text(machine.possibleTransitionForEvent(unlock)) == "error(wrongSourceState)")
        machine.fireEvent("lock")
        #expect(Self.text(machine.possibleTransitionForEvent(unlock)) == "Locked->Closed", "shouldFireEvent is not asked")
        #expect(Self.text(machine.fireEvent(unlock)) == "error(transitionDeclined)")
    }

    /// Transporter looks events up by name and takes the first added: a later event with the
    /// same name never fires, even where the first may not.
    @Test func eventsSharingANameFireTheFirst() throws {
        let machine = StateMachine(initialState: State(DoorState.Closed), states: [State(.Opened), State(.Locked)])
        let secure = Event<DoorState>(name: "secure", sourceValues: [.Closed], destinationValue: .Locked)
        secure.shouldFireEvent = { _ in false }
        let openOtherwise = Event<DoorState>(name: "secure", sourceValues: [.Closed, .Opened], destinationValue: .Opened)
        try machine.addEvent(secure)
        try machine.addEvent(openOtherwise)
        #expect(machine.eventsWithName("secure").count == 2)
        #expect(machine.canFireEvent("secure"))
        #expect(machine.canFireEvent(secure), "canFireEvent does not ask shouldFireEvent")
        #expect(Self.text(machine.fireEvent(openOtherwise)) == "error(transitionDeclined)")
        machine.activateState(.Opened)
        #expect(!machine.canFireEvent("secure"))
        #expect(Self.text(machine.fireEvent("secure")) == "error(wrongSourceState)")
        let graph = try machine.graph()
        #expect(graph.transitions.map { "\($0.source)->\($0.targets.map(\.rawValue))" } == ["Closed->[\"Locked\"]"])
    }

    @Test func eventsFiredFromClosuresAreQueued() throws {
        let door = Door()
        let machine = try Self.doorMachine(door)
        let results = Shared<[String]>([])
        try #require(machine.stateWithValue(.Opened)).didEnterState = { [unowned machine] _ in
            results.withLock { $0.append(Self.text(machine.fireEvent("close"))) }
            results.withLock { $0.append("still \(machine.currentState.value)") }
        }
        #expect(Self.text(machine.fireEvent("open")) == "Closed->Opened")
        #expect(machine.isInState(.Closed))
        #expect(results.withLock { $0 } == ["queued", "still Opened"])
        #expect(door.log.all == ["retract latch and bolt", "start alarm timer", "cancel alarm timer"])
    }

    @Test func graphIsTheSampleMachine() throws {
        let sample = try Golden.loadSample("transporter-door.json")
        let graph = try Self.doorMachine().graph(name: "Door")
        #expect(MachineModel(graph) == MachineModel(sample), "\(MachineModel(graph))")
        #expect(MachineModel.findings(graph) == MachineModel.findings(sample))
        #expect(DOTWriter().write(graph) == (try Golden.dotGolden("transporter-door.states.dot")))
        #expect(graph.flowdiagramRepresentation == (try Golden.dotGolden("transporter-door.flowdiagram.dot")))
    }

    @Test func unlabelledClosuresStillShowInTheGraph() throws {
        let machine = StateMachine(initialState: State(DoorState.Closed), states: [State(.Opened)])
        let open = Event<DoorState>(name: "open", sourceValues: [.Closed], destinationValue: .Opened)
        try machine.addEvent(open)
        open.shouldFireEventLabel = "a label without a guard guards nothing"
        #expect(try machine.graph().transitions[0].guardLabel == nil)
        open.shouldFireEvent = { _ in true }
        open.didFireEvent = { _ in }
        let transition = try machine.graph().transitions[0]
        #expect(transition.guardLabel == "shouldFireEvent: a label without a guard guards nothing")
        #expect(transition.effects == ["didFireEvent"])
    }

    @Test func concurrentFiringAndConfiguring() throws {
        let door = Door()
        let machine = try Self.doorMachine(door)
        let opened = try #require(machine.stateWithValue(.Opened))
        let entries = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<300 {
                if thread == 0, round % 50 == 0 {
                    opened.didEnterState = { _ in entries.withLock { $0 += 1 } }
                }
                machine.fireEvent(round % 2 == 0 ? "open" : "close")
                _ = try? machine.graph()
            }
        }
        let opens = door.log.all.filter { $0 == "start alarm timer" }.count
        let closes = door.log.all.filter { $0 == "cancel alarm timer" }.count
        #expect(opens - closes == (machine.isInState(.Opened) ? 1 : 0))
        #expect(entries.withLock { $0 } <= opens)
    }
}
