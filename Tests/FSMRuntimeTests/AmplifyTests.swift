import FSMAnalysis
import FSMDOT
import FSMCore
import FSMRuntime
import Foundation
import TestSupport
import Testing

@testable import Examples

// The auth example from the documentation of Amplify's State protocol, ported once in the
// examples (`swift run Examples amplify`) and tested here: AuthState holds an
// AuthenticationState and an AuthorizationState; signIn -> didSignIn -> getCreds() ->
// didGetCreds -> isReady -> authIsReady.
typealias AuthEvent = AmplifyAuthExample.AuthEvent
typealias AuthEnvironment = AmplifyAuthExample.AuthEnvironment
typealias AuthenticationState = AmplifyAuthExample.AuthenticationState
typealias AuthorizationState = AmplifyAuthExample.AuthorizationState
typealias AuthNode = AmplifyAuthExample.AuthNode
typealias AuthState = AmplifyAuthExample.AuthState

@Suite(.timeLimit(.minutes(1))) struct AmplifyTests {
    let clock = ManualClock()

    func makeMachine(diagram: StateDiagram<AuthNode, AuthEvent.Kind> = AuthState.diagram) -> ResolvingStateMachine<AuthState> {
        let clock = clock
        return ResolvingStateMachine(
            AuthState(),
            environment: AuthEnvironment(now: { clock.now }, getCreds: { ["token": "abc"] }),
            diagram: diagram)
    }

    func signIn(user: String = "alice", pass: String = "secret") -> AuthEvent {
        AuthEvent(.signIn(user: user, pass: pass), time: clock.now)
    }

    /// Steps 1 to 10 of the documentation, in order.
    @Test func documentedSignInWalkthrough() async {
        let machine = makeMachine()
        let steps = Shared<[ResolutionStep<AuthState>]>([])
        let sent = Shared<[AuthEvent.Kind]>([])
        machine.observe { step in steps.withLock { $0.append(step) } }
        machine.observeEvents { event in sent.withLock { $0.append(event.kind) } }

        // [1] every state starts with its default values.
        let start = AuthState()
        #expect(machine.state == start)
        #expect(!start.isReady && !start.authNState.isSignedIn && start.authNState.lastSignedIn == nil)
        #expect(!start.authZState.isAuthorized && start.authZState.credentials.isEmpty)

        // [2] signIn(user, pass)
        let signedInAt = clock.now
        #expect(machine.send(signIn()) == .transitioned([Change(source: .signedOut, target: .noCredentials, event: .signIn)]))
        await machine.waitForEffects()

        let recorded = steps.withLock { $0 }
        try? #require(recorded.count == 3)
        guard recorded.count == 3 else { return }
        // [3] authNState signed in at the event's time; [4] it returns dispatch(didSignIn).
        var afterSignIn = start
        afterSignIn.authNState = AuthenticationState(isSignedIn: true, lastSignedIn: signedInAt)
        #expect(recorded[0].event.kind == .signIn)
        #expect(recorded[0].oldState == start)
        #expect(recorded[0].newState == afterSignIn)
        #expect(recorded[0].effects == ["dispatch(didSignIn)"])
        // [5] the machine dispatches didSignIn; [6] authN ignores it, authZ returns getCreds()
        // with its values unchanged.
        #expect(recorded[1].event == AuthEvent(.didSignIn, time: signedInAt))
        #expect(recorded[1].newState == afterSignIn)
        #expect(recorded[1].effects == ["getCreds()"])
        // [7] getCreds() completes and dispatches didGetCreds(creds); [8] authZ is authorized
        // with the credentials; [9] AuthState is ready; [10] it returns dispatch(authIsReady).
        var ready = afterSignIn
        ready.authZState = AuthorizationState(isAuthorized: true, credentials: ["token": "abc"])
        ready.isReady = true
        #expect(recorded[2].event.eventType == .didGetCreds(["token": "abc"]))
        #expect(recorded[2].newState == ready)
        #expect(recorded[2].effects == ["dispatch(authIsReady)"])
        // authIsReady is dispatched; nothing in the tree reacts to it.
        #expect(sent.withLock { $0 } == [.signIn, .didSignIn, .didGetCreds, .authIsReady])
        #expect(machine.state == ready)
        #expect(machine.machine.state == .ready)
        #expect(machine.machine.history == [
            Change(source: .signedOut, target: .noCredentials, event: .signIn),
            Change(source: .noCredentials, target: .noCredentials, event: .didSignIn),
            Change(source: .noCredentials, target: .ready, event: .didGetCreds),
        ])
    }

    @Test func effectsRunAfterTheNewStateIsStored() async {
        let machine = makeMachine()
        let log = Log()
        // Unowned: the machine keeps its observers, so a strong capture would be a cycle.
        machine.observe { [unowned machine] step in
            log.add("\(step.event.kind): stored=\(machine.state == step.newState) effects=\(step.effects)")
        }
        machine.send(signIn())
        await machine.waitForEffects()
        #expect(log.all == [
            "signIn: stored=true effects=[\"dispatch(didSignIn)\"]",
            "didSignIn: stored=true effects=[\"getCreds()\"]",
            "didGetCreds: stored=true effects=[\"dispatch(authIsReady)\"]",
        ])
    }

    @Test func dispatchedEventsAreResolvedBeforeTheSenderReturns() async {
        // getCreds() does not complete until the end: what remains is the run-to-completion
        // part. (It does complete then, so its task does not outlive the test.)
        let credentials = Gate<[String: String]>()
        let machine = ResolvingStateMachine(
            AuthState(), environment: AuthEnvironment(now: { Date() }, getCreds: { await credentials.value() }))
        #expect(machine.send(signIn()).newState == .noCredentials)
        // didSignIn, dispatched by signIn's effect, was queued and resolved before send returned.
        #expect(machine.machine.history.map(\.event) == [.signIn, .didSignIn])
        credentials.open(with: ["token": "abc"])
        await machine.waitForEffects()
    }

    @Test func invalidCredentialsAreDeclined() {
        let machine = makeMachine()
        #expect(machine.send(signIn(pass: "")) == .rejected(.declinedByGuard(.signIn, in: .signedOut)))
        #expect(machine.state == AuthState())
    }

    @Test func signingOutGoesBackToAuthenticationAndKeepsLastSignedIn() async {
        let machine = makeMachine()
        machine.send(signIn())
        await machine.waitForEffects()
        let result = machine.send(AuthEvent(.signOut, time: clock.now))
        #expect(result == .transitioned([
            Change(source: .ready, target: .authentication, event: .signOut),
            Change(source: .authentication, target: .signedOut, event: nil),
        ]))
        #expect(!machine.state.isReady && !machine.state.authNState.isSignedIn && !machine.state.authZState.isAuthorized)
        #expect(machine.state.authNState.lastSignedIn != nil)
    }

    @Test func substatesResolveBeforeTheirParent() {
        struct Tick: StateMachineEvent { var kind: String { "tick" } }
        struct Leaf: ResolvableState {
            typealias Environment = Void
            var name: String
            var ticks = 0
            func resolve(_ event: Tick) -> StateResolution<Self> {
                StateResolution(Self(name: name, ticks: ticks + 1), effects: [.dispatch(event, label: name)])
            }
        }
        struct Parent: ResolvableState {
            typealias Environment = Void
            var first = Leaf(name: "first")
            var second = Leaf(name: "second")
            var sawTicks = 0
            func resolve(_ event: Tick) -> StateResolution<Self> {
                var resolution = StateResolution(self)
                resolution.resolve(\.first, with: event)
                resolution.resolve(\.second, with: event)
                // The parent sees its substates' new values.
                resolution.newState.sawTicks = resolution.newState.first.ticks + resolution.newState.second.ticks
                resolution.effects.append(.dispatch(event, label: "parent"))
                return resolution
            }
        }
        let resolution = Parent().resolve(Tick())
        #expect(resolution.newState.sawTicks == 2)
        #expect(resolution.effectLabels == ["first", "second", "parent"])
    }

    /// Threads sign in and out at once while getCreds() runs in tasks (run under the thread
    /// sanitizer by `scripts/tsan`): resolutions are applied one at a time, each starting
    /// from the state the previous one stored.
    @Test func concurrentSendsAreResolvedOneAtATime() async {
        let machine = makeMachine()
        let steps = Shared<[ResolutionStep<AuthState>]>([])
        machine.observe { step in steps.withLock { $0.append(step) } }
        let clock = clock
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<100 {
                let event = (thread + round).isMultiple(of: 2)
                    ? AuthEvent(.signIn(user: "user\(thread)", pass: "secret"), time: clock.now)
                    : AuthEvent(.signOut, time: clock.now)
                machine.send(event)
            }
        }
        await machine.waitForEffects()
        let recorded = steps.withLock { $0 }
        #expect(!recorded.isEmpty)
        #expect(recorded.first?.oldState == AuthState())
        #expect(zip(recorded, recorded.dropFirst()).allSatisfy { $0.newState == $1.oldState })
        #expect(recorded.last?.newState == machine.state)
        #expect(machine.machine.state == machine.state.node)
    }

    // MARK: The diagram is honest

    /// Every resolution the reducer performs in the states the example goes through, for
    /// the example's events and their variants, is a declared transition; and the runs
    /// (the walkthrough, then signing out from each phase) perform every declared transition.
    @Test func diagramDeclaresExactlyWhatTheReducerDoes() async {
        var steps: [ResolutionStep<AuthState>] = []
        for signOutWhenReady in [false, true] {
            let credentials = Gate<[String: String]>()
            let clock = clock
            let machine = ResolvingStateMachine(
                AuthState(), environment: AuthEnvironment(now: { clock.now }, getCreds: { await credentials.value() }))
            let recorded = Shared<[ResolutionStep<AuthState>]>([])
            machine.observe { step in recorded.withLock { $0.append(step) } }
            machine.send(signIn())
            if signOutWhenReady {
                credentials.open(with: ["token": "abc"])
                await machine.waitForEffects()
                #expect(machine.machine.state == .ready)
                machine.send(AuthEvent(.signOut, time: clock.now))
            } else {
                // Sign out while getCreds() is still running; its late result changes nothing.
                #expect(machine.machine.state == .noCredentials)
                machine.send(AuthEvent(.signOut, time: clock.now))
                credentials.open(with: ["token": "abc"])
                await machine.waitForEffects()
            }
            #expect(machine.machine.state == .signedOut)
            steps += recorded.withLock { $0 }
        }

        var visited: [AuthState] = []
        for state in steps.flatMap({ [$0.oldState, $0.newState] }) where !visited.contains(state) { visited.append(state) }
        // Start, signed in, ready, and signed out again (with lastSignedIn kept).
        #expect(visited.count == 4)
        let events = [
            signIn(), signIn(pass: ""), AuthEvent(.didSignIn, time: clock.now),
            AuthEvent(.didGetCreds(["token": "abc"]), time: clock.now), AuthEvent(.didGetCreds([:]), time: clock.now),
            AuthEvent(.authIsReady, time: clock.now), AuthEvent(.signOut, time: clock.now),
        ]
        let undeclared = ResolvingStateMachine<AuthState>.undeclaredResolutions(of: events, in: visited)
        #expect(undeclared.map(\.description) == [])

        let diagram = AuthState.diagram
        let parents = Dictionary(uniqueKeysWithValues: diagram.nodes.compactMap { node in node.parent.map { (node.id, $0) } })
        func lineage(_ node: AuthNode) -> [AuthNode] {
            var result = [node]
            while let parent = parents[result[result.count - 1]] { result.append(parent) }
            return result
        }
        for transition in diagram.transitions {
            for source in transition.sources {
                let performed = steps.contains { step in
                    step.event.kind == transition.event && lineage(step.source).contains(source)
                        && transition.targets.contains { lineage(step.target).contains($0) }
                }
                #expect(performed, "never performed: \(source) --\(transition.event)--> \(transition.targets)")
            }
        }
    }

    /// A diagram that forgets the didSignIn self-loop: the check names the missing
    /// transition, and the machine refuses what it does not declare, so getCreds() never runs.
    @Test func aMissingTransitionIsFoundAndRefused() async {
        var diagram = AuthState.diagram
        diagram.transitions.removeAll { $0.event == .didSignIn }
        var signedIn = AuthState()
        signedIn.authNState = AuthenticationState(isSignedIn: true, lastSignedIn: clock.now)
        let undeclared = ResolvingStateMachine<AuthState>.undeclaredResolutions(
            of: [AuthEvent(.didSignIn, time: clock.now)], in: [signedIn], diagram: diagram)
        #expect(undeclared.map(\.description) == ["NoCredentials --didSignIn--> NoCredentials / getCreds()"])

        let machine = makeMachine(diagram: diagram)
        machine.send(signIn())
        await machine.waitForEffects()
        #expect(machine.machine.state == .noCredentials)
        #expect(!machine.state.authZState.isAuthorized)
        #expect(machine.machine.history.map(\.event) == [.signIn])
    }

    // MARK: The graph

    @Test func graphMatchesTheSampleFile() throws {
        let graph = try makeMachine().graph()
        MachineModel.expectSame(graph, try Golden.loadSample("amplify-auth.yaml"))
        #expect(graph.isCompound("AuthState") && graph.isCompound("Authentication") && graph.isCompound("Authorization"))
        let dot = DOTWriter().write(graph)
        #expect(dot.contains("subgraph cluster_"))
        #expect(dot.contains("label=\"AuthenticationState\""))
    }
}
