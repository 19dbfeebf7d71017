// swift-format-ignore-file
// A seed's README example, kept as its authors laid it out: only the edits the header lists.
import FSMRuntime
import Testing

// Transporter's API as the seed article walks through it — states A and B lead to C by one
// event, closures on states and on the event, addEvent's checks, fireEvent, activateState and
// possibleTransitionForEvent — written as a Swift 5 client would, with the renames
// docs/coming-from-transporter.md lists: `Transporter.` before `State`, `Event` and
// `StateMachine`, and Swift 3's lower-case cases (`.success`, `.error`, `.wrongSourceState`,
// `.noSourceValue`, ...).

enum Letter: Hashable {
    case A, B, C, D
}

@Suite struct TransporterSeedExampleTests {
    @Test func aAndBLeadToC() throws {
        let log = Recorded<String>()
        let stateA = Transporter.State(Letter.A)
        let stateB = Transporter.State(Letter.B)
        let stateC = Transporter.State(Letter.C)
        stateA.willExitState = { exitingState in log.add("willExit \(exitingState.value)") }
        stateA.didExitState = { exitingState in log.add("didExit \(exitingState.value)") }
        stateC.willEnterState = { enteringState in log.add("willEnter \(enteringState.value)") }
        stateC.didEnterState = { enteringState in log.add("didEnter \(enteringState.value)") }

        let machine = Transporter.StateMachine(initialState: stateA)
        machine.addStates([stateB, stateC])

        let toC = Transporter.Event(name: "toC", sourceValues: [Letter.A, .B], destinationValue: Letter.C)
        toC.shouldFireEvent = { event in log.add("shouldFire \(event.name)"); return true }
        toC.willFireEvent = { event in log.add("willFire \(event.name)") }
        toC.didFireEvent = { event in log.add("didFire \(event.name)") }
        try machine.addEvent(toC)

        do {
            try machine.addEvent(Transporter.Event(name: "fromD", sourceValues: [Letter.D], destinationValue: Letter.C))
            Issue.record("an event from a state the machine does not have was added")
        } catch {
            // As in the seed: an unknown source is noSourceValue.
            guard case .noSourceValue = error else {
                Issue.record("expected noSourceValue, got \(error)")
                return
            }
        }

        switch machine.possibleTransitionForEvent(toC) {
        case .success(let sourceState, let destinationState):
            #expect(sourceState === stateA)
            #expect(destinationState === stateC)
        default:
            Issue.record("toC may fire in A")
        }

        let transition = machine.fireEvent(toC)
        #expect(transition.successful)
        #expect(log.all == [
            "shouldFire toC", "willFire toC", "willEnter C", "willExit A", "didExit A", "didEnter C", "didFire toC",
        ])

        switch machine.fireEvent("toC") {
        case .error(let error):
            #expect(error == .wrongSourceState)
        default:
            Issue.record("toC may not fire in C")
        }

        machine.activateState(.B)
        #expect(machine.isInState(.B))
        #expect(machine.fireEvent(toC).successful)
    }
}
