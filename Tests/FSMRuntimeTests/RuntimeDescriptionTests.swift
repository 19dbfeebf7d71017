import FSMRuntime
import Testing

/// What `print` shows of the runtime's results: the states and events by name, as the README
/// shows them, not a dump of generic type names.
@Suite struct RuntimeDescriptionTests {
    enum Door: Hashable, Sendable { case closed, open, locked }
    enum Action: Hashable, Sendable { case open, close, lock }

    @Test func aChangeNamesItsStatesAndEvent() {
        #expect("\(Change<Door, Action>(source: .closed, target: .open, event: .open))" == "closed --open--> open")
        #expect("\(Change<Door, Action>(source: .open, target: .closed, event: nil))" == "open --(automatic)--> closed")
    }

    @Test func aSendResultReadsAsItsCase() {
        let change = Change<Door, Action>(source: .closed, target: .open, event: .open)
        let automatic = Change<Door, Action>(source: .open, target: .closed, event: nil)
        #expect("\(SendResult<Door, Action>.transitioned([change, automatic]))" == "transitioned([closed --open--> open, open --(automatic)--> closed])")
        #expect("\(SendResult<Door, Action>.queued)" == "queued")
        #expect("\(SendResult<Door, Action>.rejected(.notAllowed(.lock, in: .open)))" == "rejected(notAllowed(lock, in: open))")
        #expect(
            "\(SendResult<Door, Action>.interrupted([change], .automaticTransitionLoop(after: 100, in: .open)))"
                == "interrupted([closed --open--> open], automaticTransitionLoop(after: 100, in: open))")
    }

    @Test func everyTransitionErrorReadsAsItsCase() {
        let errors: [TransitionError<Door, Action>] = [
            .unknownEvent(.lock), .notAllowed(.lock, in: .open), .declinedByGuard(.lock, in: .closed),
            .declinedByGuard(nil, in: .closed), .invalidTarget(.locked, allowed: [.open, .closed], event: .open),
            .handlerFailed("disk full", event: nil), .automaticTransitionLoop(after: 100, in: .open),
        ]
        #expect(
            errors.map { "\($0)" } == [
                "unknownEvent(lock)", "notAllowed(lock, in: open)",
                "declinedByGuard(lock, in: closed)", "declinedByGuard(nil, in: closed)",
                "invalidTarget(locked, allowed: [open, closed], event: open)", "handlerFailed(\"disk full\", event: nil)",
                "automaticTransitionLoop(after: 100, in: open)",
            ])
    }

    /// An array prints its elements' debug descriptions, which must read the same.
    @Test func aListOfChangesPrintsAsTheChanges() {
        let changes = [Change<Door, Action>(source: .closed, target: .open, event: .open)]
        #expect("\(changes)" == "[closed --open--> open]")
    }
}
