import FSMAnalysis
import FSMCore
import FSMRuntime
import Foundation
import Testing

enum Light: String, Hashable, Sendable { case off, on, broken }
enum Switch: String, Hashable, Sendable { case flip, smash, repair, unknown }

/// A value callbacks on any thread may update. NSLock, not `Mutex`, so the thread
/// sanitizer sees the synchronization (see the runtime's `LockedValue`).
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// A thread-safe log for callbacks to write into.
final class Log: Sendable {
    private let entries = Shared<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

@Suite struct StateMachineTests {
    func lamp(log: Log = Log()) -> StateMachine<Light, Switch> {
        let machine = StateMachine<Light, Switch>(initialState: .off)
        machine.addTransition(TransitionRule(event: .flip, from: [.off], to: [.on]))
        machine.addTransition(TransitionRule(event: .flip, from: [.on], to: [.off]))
        machine.addTransition(TransitionRule(event: .smash, from: [.on, .off], to: [.broken]))
        machine.addTransition(
            TransitionRule(
                event: .repair, from: [.broken], to: [.off], guardLabel: "has parts",
                guardCondition: { context in context.payload as? Bool ?? false }))
        return machine
    }

    @Test func acceptsAndRejectsEvents() {
        let machine = lamp()
        #expect(machine.send(.flip) == .transitioned([Change(source: .off, target: .on, event: .flip)]))
        #expect(machine.state == .on)
        #expect(machine.send(.repair) == .rejected(.notAllowed(.repair, in: .on)))
        #expect(machine.send(.unknown) == .rejected(.unknownEvent(.unknown)))
        #expect(machine.send(.smash).newState == .broken)
        #expect(machine.send(.repair) == .rejected(.declinedByGuard(.repair, in: .broken)))
        #expect(machine.send(.repair, payload: true).newState == .off)
        #expect(machine.history.map(\.target) == [.on, .broken, .off])
    }

    @Test func handlerMustChooseADeclaredTarget() {
        let machine = StateMachine<Light, Switch>(initialState: .off)
        machine.addTransition(TransitionRule(event: .flip, from: [.off], to: [.on], handler: { _ in .broken }))
        #expect(machine.send(.flip) == .rejected(.invalidTarget(.broken, allowed: [.on], event: .flip)))
        #expect(machine.state == .off)
        #expect(machine.history.isEmpty)
    }

    @Test func callbacksRunInTheDocumentedOrder() {
        let log = Log()
        let machine = StateMachine<Light, Switch>(initialState: .off)
        var off = StateHooks<Light, Switch>()
        off.willExit = [{ _ in log.add("off.willExit") }]
        off.didExit = [{ _ in log.add("off.didExit") }]
        var on = StateHooks<Light, Switch>()
        on.willEnter = [{ _ in log.add("on.willEnter") }]
        on.didEnter = [{ context in log.add("on.didEnter state=\(context.machine.state)") }]
        machine.addState(.off, hooks: off)
        machine.addState(.on, hooks: on)
        machine.addTransition(
            TransitionRule(
                event: .flip, from: [.off], to: [.on],
                guardCondition: { _ in
                    log.add("guard")
                    return true
                },
                handler: { _ in
                    log.add("handler")
                    return .on
                },
                willFire: { _ in log.add("willFire") }, didFire: { _ in log.add("didFire") },
                effects: [{ _ in log.add("effect") }]))
        machine.observe { change in log.add("observer \(change.target)") }
        machine.send(.flip)
        #expect(
            log.all == [
                "guard", "willFire", "handler", "off.willExit", "on.willEnter", "off.didExit",
                "on.didEnter state=on", "didFire", "effect", "observer on",
            ])
    }

    @Test func eventsSentFromCallbacksAreQueuedNotRecursive() {
        let log = Log()
        let machine = StateMachine<Light, Switch>(initialState: .off)
        machine.addTransition(
            TransitionRule(
                event: .flip, from: [.off], to: [.on],
                effects: [
                    { context in
                        log.add("effect sends smash: \(context.machine.send(.smash))")
                        log.add("still \(context.machine.state)")
                    }
                ]))
        machine.addTransition(TransitionRule(event: .smash, from: [.on], to: [.broken]))
        machine.observe { log.add("observed \($0.target)") }
        #expect(machine.send(.flip).newState == .on)
        #expect(machine.state == .broken)
        #expect(log.all == ["effect sends smash: queued", "still on", "observed on", "observed broken"])
    }

    @Test func automaticTransitionsFireAfterEntering() {
        let machine = StateMachine<Light, Switch>(initialState: .off)
        machine.addTransition(TransitionRule(event: .smash, from: [.off], to: [.broken]))
        machine.addTransition(TransitionRule(event: nil, from: [.broken], to: [.off], guardLabel: "self-healing"))
        let result = machine.send(.smash)
        #expect(
            result
                == .transitioned([
                    Change(source: .off, target: .broken, event: .smash), Change(source: .broken, target: .off, event: nil),
                ]))
    }

    @Test func automaticLoopsAreReportedNotHung() {
        let machine = StateMachine<Light, Switch>(initialState: .off)
        machine.addTransition(TransitionRule(event: .flip, from: [.off], to: [.on]))
        machine.addTransition(TransitionRule(event: nil, from: [.on], to: [.off]))
        machine.addTransition(TransitionRule(event: nil, from: [.off], to: [.on]))
        guard case .interrupted(let changes, let error) = machine.send(.flip) else {
            Issue.record("expected the loop to interrupt the event")
            return
        }
        #expect(changes.count == 10_001)
        #expect(error == .automaticTransitionLoop(after: 10_000, in: .on))
    }

    @Test func historyIsBounded() {
        let machine = StateMachine<Light, Switch>(initialState: .off, historyLimit: 3)
        machine.addTransition(TransitionRule(event: .flip, from: [.off, .on], to: [.on, .off], handler: { $0.source == .off ? .on : .off }))
        for _ in 0..<5 { machine.send(.flip) }
        #expect(machine.history.count == 3)
        #expect(machine.history.map(\.target) == [.on, .off, .on])
    }

    @Test func changesStreamDeliversEveryChangeInOrder() async {
        let machine = lamp()
        let stream = machine.changes
        machine.send(.flip)
        machine.send(.flip)
        machine.send(.smash)
        var received: [Light] = []
        for await change in stream {
            received.append(change.target)
            if received.count == 3 { break }
        }
        #expect(received == [.on, .off, .broken])
    }

    @Test func cancelledObservationsStop() {
        let log = Log()
        let machine = lamp()
        let observation = machine.observe { log.add("\($0.target)") }
        machine.send(.flip)
        observation.cancel()
        machine.send(.flip)
        #expect(log.all == ["on"])
    }

    @Test func graphDescribesTheRegisteredMachine() throws {
        let graph = try lamp().graph(name: "Lamp")
        #expect(graph.states.map(\.id) == ["off", "on", "broken"])
        #expect(graph.initialState == "off")
        #expect(graph.events.map(\.id) == ["flip", "smash", "repair"])
        #expect(graph.transitions.count == 5)
        #expect(graph.transitions.last?.guardLabel == "has parts")
        #expect(graph.analyze().isEmpty)
    }

    @Test func analyzeReportsAnEventNoTransitionUses() throws {
        let machine = lamp()
        machine.addEvent(.unknown)
        let findings = try machine.graph(name: "Lamp").analyze()
        #expect(findings.map(\.ruleID) == ["unused-event"])
        #expect(findings.map(\.message) == ["event 'unknown' is declared but no transition is triggered by it"])
    }
}

@Suite struct HierarchicalStateMachineTests {
    enum Auth: String, Hashable, Sendable { case signedOut, session, browsing, paying, done }
    enum Action: String, Hashable, Sendable { case signIn, pay, signOut, check }

    func machine() -> StateMachine<Auth, Action> {
        let machine = StateMachine<Auth, Action>(initialState: .signedOut)
        machine.addState(.signedOut)
        machine.addState(.session)
        machine.addState(.browsing, parent: .session, isInitial: true)
        machine.addState(.paying, parent: .session)
        machine.addState(.done, isFinal: true)
        machine.addTransition(TransitionRule(event: .signIn, from: [.signedOut], to: [.session]))
        machine.addTransition(TransitionRule(event: .pay, from: [.browsing], to: [.paying]))
        machine.addTransition(TransitionRule(event: .signOut, from: [.session], to: [.signedOut]))
        return machine
    }

    @Test func enteringACompoundStateEntersItsInitialChild() {
        let machine = machine()
        #expect(
            machine.send(.signIn)
                == .transitioned([
                    Change(source: .signedOut, target: .session, event: .signIn),
                    Change(source: .session, target: .browsing, event: nil),
                ]))
        #expect(machine.state == .browsing)
    }

    @Test func aParentsTransitionsApplyInItsChildren() {
        let machine = machine()
        machine.send(.signIn)
        machine.send(.pay)
        #expect(machine.state == .paying)
        #expect(machine.send(.signOut).newState == .signedOut)
    }

    @Test func automaticTransitionsCanBeReevaluated() {
        let ready = Shared(false)
        let machine = machine()
        machine.addTransition(TransitionRule(event: nil, from: [.signedOut], to: [.session], guardCondition: { _ in ready.withLock { $0 } }))
        #expect(machine.evaluateAutomaticTransitions() == .transitioned([]))
        ready.withLock { $0 = true }
        #expect(machine.evaluateAutomaticTransitions().newState == .browsing)
    }

    @Test func aMachineStartingInANestedStateHasItsTopLevelAncestorAsInitialState() throws {
        let machine = StateMachine<Auth, Action>(initialState: .browsing)
        machine.addState(.session)
        machine.addState(.browsing, parent: .session, isInitial: true)
        machine.addState(.paying, parent: .session)
        machine.addTransition(TransitionRule(event: .pay, from: [.browsing], to: [.paying]))
        let graph = try machine.graph()
        #expect(graph.initialState == "session")
        #expect(graph.state("browsing")?.kind == .initial)
        #expect(machine.send(.pay).newState == .paying)
    }

    @Test func graphShowsTheHierarchy() throws {
        let graph = try machine().graph()
        #expect(graph.state("browsing")?.parent == "session")
        #expect(graph.state("browsing")?.kind == .initial)
        #expect(graph.state("done")?.kind == .final)
        #expect(graph.isCompound("session"))
    }
}
