import FSMCore
import FSMRuntime
import Testing

/// A targetless transition runs its callbacks and effects and leaves the machine where it is;
/// the graph keeps it targetless, and internal transitions internal.
@Suite struct TargetlessTransitionRuntimeTests {
    enum Phase: String, Hashable, Sendable { case editor, clean, dirty }
    enum Key: String, Hashable, Sendable { case type, tick, revert }

    func editor(log: Log) -> StateMachine<Phase, Key> {
        let machine = StateMachine<Phase, Key>(initialState: .clean)
        func hooks(_ name: String) -> StateHooks<Phase, Key> {
            var hooks = StateHooks<Phase, Key>()
            hooks.willEnter = [{ _ in log.add("enter \(name)") }]
            hooks.willExit = [{ _ in log.add("exit \(name)") }]
            return hooks
        }
        machine.addState(.editor, hooks: hooks("editor"))
        machine.addState(.clean, parent: .editor, isInitial: true, hooks: hooks("clean"))
        machine.addState(.dirty, parent: .editor, hooks: hooks("dirty"))
        machine.addTransition(TransitionRule(event: .type, from: [.clean], to: [.dirty]))
        machine.addTransition(
            TransitionRule(
                event: .tick, from: [.editor], to: [], effectLabels: ["autosave"],
                willFire: { context in log.add("will tick in \(context.source)") },
                didFire: { _ in log.add("did tick") }, effects: [{ _ in log.add("autosave") }]))
        machine.addTransition(TransitionRule(event: .revert, from: [.editor], to: [.clean], kind: .internal))
        return machine
    }

    @Test func aTargetlessTransitionRunsItsEffectsAndStaysPut() {
        let log = Log()
        let machine = editor(log: log)
        #expect(machine.send(.type).newState == .dirty)
        let (before, recorded) = (log.all.count, machine.history.count)
        #expect(machine.send(.tick) == .transitioned([]))
        #expect(machine.state == .dirty, "the active child is kept, not reset to the initial one")
        #expect(Array(log.all.dropFirst(before)) == ["will tick in dirty", "did tick", "autosave"], "no exit or entry hooks")
        #expect(machine.history.count == recorded, "no change is recorded")
    }

    @Test func theGraphKeepsTargetlessAndInternalTransitions() throws {
        let graph = try editor(log: Log()).graph()
        let transitions = graph.transitions.map { "\($0.source) \($0.event?.rawValue ?? "-") \($0.targets) \($0.kind)" }
        #expect(transitions == ["clean type [dirty] external", "editor tick [] external", "editor revert [clean] internal"])
        #expect(graph.transitions.map(graph.keepsSourceActive) == [false, true, true])
    }
}
