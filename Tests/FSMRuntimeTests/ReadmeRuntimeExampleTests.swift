import FSMAnalysis
import FSMRuntime
import Testing

/// The README's runtime example, kept compiling and true.
@Suite struct ReadmeRuntimeExampleTests {
    enum Door: Hashable, Sendable { case closed, open, locked }
    enum Action: Hashable, Sendable { case open, close, lock, unlock }

    @Test func doorExampleRunsAsTheReadmeSays() throws {
        let door = StateMachine<Door, Action>(initialState: .closed)
        door.addTransition(TransitionRule(event: .open, from: [.closed], to: [.open]))
        door.addTransition(TransitionRule(event: .close, from: [.open], to: [.closed]))
        door.addTransition(
            TransitionRule(
                event: .lock, from: [.closed], to: [.locked], guardLabel: "has key",
                guardCondition: { context in context.payload as? Bool == true }))
        door.addTransition(TransitionRule(event: .unlock, from: [.locked], to: [.closed]))
        #expect(door.send(.open) == .transitioned([Change(source: .closed, target: .open, event: .open)]))
        #expect(door.send(.lock) == .rejected(.notAllowed(.lock, in: .open)))
        door.send(.close)
        #expect(door.send(.lock) == .rejected(.declinedByGuard(.lock, in: .closed)))
        door.send(.lock, payload: true)
        #expect(door.state == .locked)
        #expect(try door.graph(name: "Door").analyze().isEmpty)
    }
}
