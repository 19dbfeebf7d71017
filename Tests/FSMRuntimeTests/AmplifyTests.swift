import FSMAnalysis
import FSMCore
import FSMDOT
import FSMRuntime
import Foundation
import TestSupport
import Testing

@testable import Examples

// The auth example from the documentation of Amplify's State protocol, ported once in the
// examples (`swift run Examples amplify`) and tested here: AuthState holds an
// AuthenticationState and an AuthorizationState; signIn -> didSignIn -> getCreds() ->
// didGetCreds -> isReady -> authIsReady. Its root declares its diagram.
typealias AuthEvent = AmplifyAuthExample.AuthEvent
typealias AuthEnvironment = AmplifyAuthExample.AuthEnvironment
typealias AuthenticationState = AmplifyAuthExample.AuthenticationState
typealias AuthorizationState = AmplifyAuthExample.AuthorizationState
typealias AuthNode = AmplifyAuthExample.AuthNode
typealias AuthState = AmplifyAuthExample.AuthState

/// One event the machine resolved: what the resolver was given and what it returned.
struct ResolvedStep: Sendable {
    let event: AuthEvent
    let oldState: AuthState
    let newState: AuthState
    let actions: [String]
}

/// The example's resolver, recording every resolution the machine asks of it, in order, and
/// whether each action found its resolution's state stored when it ran.
struct RecordingResolver: Amplify.StateMachineResolver {
    let steps = Shared<[ResolvedStep]>([])
    let actionsRan = Log()
    /// The machine's state when an action runs; set once the machine exists.
    let stored = Shared<(@Sendable () -> AuthState)?>(nil)

    var defaultState: AuthState { AuthState() }

    func resolve(oldState: AuthState, byApplying event: any Amplify.StateMachineEvent) -> Amplify.StateResolution<AuthState> {
        let resolution = AuthState.Resolver().resolve(oldState: oldState, byApplying: event)
        if let event = event as? AuthEvent {
            steps.withLock {
                $0.append(
                    ResolvedStep(
                        event: event, oldState: oldState, newState: resolution.newState,
                        actions: resolution.actions.map(\.identifier)))
            }
        }
        let actionsRan = actionsRan
        let stored = stored
        let newState = resolution.newState
        let actions: [any Amplify.Action] = resolution.actions.map { action in
            Amplify.BasicAction(identifier: action.identifier) { dispatcher, environment in
                let current = stored.withLock { $0 }?()
                actionsRan.add("\(action.identifier): stored=\(current == newState)")
                await action.execute(withDispatcher: dispatcher, environment: environment)
            }
        }
        return Amplify.StateResolution(newState: newState, actions: actions)
    }
}

@Suite(.timeLimit(.minutes(1))) struct AmplifyTests {
    let clock = ManualClock()

    func makeMachine(
        getCreds: @escaping @Sendable () async -> [String: String] = { ["token": "abc"] }
    ) -> (Amplify.StateMachine<AuthState, AuthEnvironment>, RecordingResolver) {
        let clock = clock
        let resolver = RecordingResolver()
        let machine = Amplify.StateMachine(
            resolver: resolver, environment: AuthEnvironment(now: { clock.now }, getCreds: getCreds))
        resolver.stored.withLock { $0 = { machine.currentState } }
        return (machine, resolver)
    }

    func signIn(user: String = "alice", pass: String = "secret") -> AuthEvent {
        AuthEvent(.signIn(user: user, pass: pass), time: clock.now)
    }

    /// Steps 1 to 10 of the documentation, in order.
    @Test func documentedSignInWalkthrough() async {
        let (machine, resolver) = makeMachine()
        // [1] every state starts with its default values.
        let start = AuthState()
        #expect(machine.currentState == start)
        #expect(!start.isReady && !start.authNState.isSignedIn && start.authNState.lastSignedIn == nil)
        #expect(!start.authZState.isAuthorized && start.authZState.credentials.isEmpty)

        // [2] signIn(user, pass)
        let signedInAt = clock.now
        await machine.sendAndWait(signIn())
        await machine.waitForActions()

        let recorded = resolver.steps.withLock { $0 }
        // signIn, didSignIn, didGetCreds, and authIsReady, to which nothing reacts.
        #expect(recorded.map(\.event.kind) == [.signIn, .didSignIn, .didGetCreds, .authIsReady])
        guard recorded.count == 4 else { return }
        // [3] authNState signed in at the event's time; [4] it returns dispatch(didSignIn).
        var afterSignIn = start
        afterSignIn.authNState = AuthenticationState(isSignedIn: true, lastSignedIn: signedInAt)
        #expect(recorded[0].oldState == start)
        #expect(recorded[0].newState == afterSignIn)
        #expect(recorded[0].actions == ["dispatch(didSignIn)"])
        // [5] the machine sends didSignIn; [6] authN ignores it, authZ returns getCreds()
        // with its values unchanged.
        #expect(recorded[1].event == AuthEvent(.didSignIn, time: signedInAt))
        #expect(recorded[1].newState == afterSignIn)
        #expect(recorded[1].actions == ["getCreds()"])
        // [7] getCreds() completes and sends didGetCreds(creds); [8] authZ is authorized
        // with the credentials; [9] AuthState is ready; [10] it returns dispatch(authIsReady).
        var ready = afterSignIn
        ready.authZState = AuthorizationState(isAuthorized: true, credentials: ["token": "abc"])
        ready.isReady = true
        #expect(recorded[2].event.eventType == .didGetCreds(["token": "abc"]))
        #expect(recorded[2].newState == ready)
        #expect(recorded[2].actions == ["dispatch(authIsReady)"])
        #expect(recorded[3].newState == ready && recorded[3].actions.isEmpty)
        #expect(machine.currentState == ready)
        #expect(machine.currentState.node == .ready)
    }

    @Test func actionsRunAfterTheNewStateIsStored() async {
        let (machine, resolver) = makeMachine()
        await machine.sendAndWait(signIn())
        await machine.waitForActions()
        #expect(
            resolver.actionsRan.all == [
                "dispatch(didSignIn): stored=true", "getCreds(): stored=true", "dispatch(authIsReady): stored=true",
            ])
    }

    @Test func invalidCredentialsChangeNothing() async {
        let (machine, resolver) = makeMachine()
        await machine.sendAndWait(signIn(pass: ""))
        await machine.waitForActions()
        #expect(machine.currentState == AuthState())
        #expect(resolver.steps.withLock { $0.map(\.actions) } == [[]])
    }

    @Test func signingOutGoesBackToAuthenticationAndKeepsLastSignedIn() async {
        let (machine, _) = makeMachine()
        await machine.sendAndWait(signIn())
        await machine.waitForActions()
        #expect(machine.currentState.node == .ready)
        await machine.sendAndWait(AuthEvent(.signOut, time: clock.now))
        let state = machine.currentState
        #expect(state.node == .signedOut)
        #expect(!state.isReady && !state.authNState.isSignedIn && !state.authZState.isAuthorized)
        #expect(state.authNState.lastSignedIn != nil)
    }

    /// Threads sign in and out at once while getCreds() runs in tasks (run under the thread
    /// sanitizer by `scripts/ci/tsan`): resolutions are applied one at a time, each starting
    /// from the state the previous one stored.
    @Test func concurrentSendsAreResolvedOneAtATime() async {
        let (machine, resolver) = makeMachine()
        let clock = clock
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<100 {
                let event =
                    (thread + round).isMultiple(of: 2)
                    ? AuthEvent(.signIn(user: "user\(thread)", pass: "secret"), time: clock.now)
                    : AuthEvent(.signOut, time: clock.now)
                machine.send(event)
            }
        }
        await machine.sendAndWait(AuthEvent(.authIsReady, time: clock.now))
        await machine.waitForActions()
        let recorded = resolver.steps.withLock { $0 }
        #expect(recorded.count >= 801)
        #expect(recorded.first?.oldState == AuthState())
        #expect(zip(recorded, recorded.dropFirst()).allSatisfy { $0.newState == $1.oldState })
        #expect(recorded.last?.newState == machine.currentState)
    }

    // MARK: The declared diagram is honest

    /// Every resolution the resolvers perform in the states the example goes through, for
    /// the example's events and their variants, is a declared transition; and the runs
    /// (the walkthrough, then signing out from each phase) perform every declared transition.
    @Test func diagramDeclaresExactlyWhatTheResolversDo() async {
        var steps: [ResolvedStep] = []
        for signOutWhenReady in [false, true] {
            let credentials = Gate<[String: String]>()
            let asked = Gate<Void>()
            let (machine, resolver) = makeMachine(getCreds: {
                asked.open(with: ())
                return await credentials.value()
            })
            await machine.sendAndWait(signIn())
            // getCreds() has been asked for: didSignIn was resolved.
            await asked.value()
            #expect(machine.currentState.node == .noCredentials)
            if signOutWhenReady {
                credentials.open(with: ["token": "abc"])
                await machine.waitForActions()
                #expect(machine.currentState.node == .ready)
                await machine.sendAndWait(AuthEvent(.signOut, time: clock.now))
            } else {
                // Sign out while getCreds() is still running; its late result changes nothing.
                await machine.sendAndWait(AuthEvent(.signOut, time: clock.now))
                credentials.open(with: ["token": "abc"])
                await machine.waitForActions()
            }
            #expect(machine.currentState.node == .signedOut)
            steps += resolver.steps.withLock { $0 }
        }

        var visited: [AuthState] = []
        for state in steps.flatMap({ [$0.oldState, $0.newState] }) where !visited.contains(state) { visited.append(state) }
        // Start, signed in, ready, and signed out again (with lastSignedIn kept).
        #expect(visited.count == 4)
        let events: [any Amplify.StateMachineEvent] = [
            signIn(), signIn(pass: ""), AuthEvent(.didSignIn, time: clock.now),
            AuthEvent(.didGetCreds(["token": "abc"]), time: clock.now), AuthEvent(.didGetCreds([:]), time: clock.now),
            AuthEvent(.authIsReady, time: clock.now), AuthEvent(.signOut, time: clock.now),
        ]
        let undeclared = makeMachine().0.undeclaredResolutions(of: events, in: visited)
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
                    step.event.kind == transition.event && lineage(step.oldState.node).contains(source)
                        && transition.targets.contains { lineage(step.newState.node).contains($0) }
                }
                #expect(performed, "never performed: \(source) --\(transition.event)--> \(transition.targets)")
            }
        }
    }

    /// A diagram that forgets the didSignIn self-loop: the check names the missing transition.
    @Test func aMissingTransitionIsFound() {
        var diagram = AuthState.diagram
        diagram.transitions.removeAll { $0.event == .didSignIn }
        var signedIn = AuthState()
        signedIn.authNState = AuthenticationState(isSignedIn: true, lastSignedIn: clock.now)
        let undeclared = makeMachine().0.undeclaredResolutions(
            of: [AuthEvent(.didSignIn, time: clock.now)], in: [signedIn], diagram: diagram)
        #expect(undeclared.map(\.description) == ["NoCredentials --didSignIn--> NoCredentials / getCreds()"])
    }

    /// An event whose `type` is no kind of the diagram yet changes the tree: the check
    /// reports it, and leaves it alone where it changes nothing.
    @Test func anEventTheDiagramDoesNotKnowIsFound() {
        struct Unknown: Amplify.StateMachineEvent {
            let id = "1"
            let type = "reset"
            let time: Date? = nil
        }
        struct Resetting: Amplify.StateMachineResolver {
            var defaultState: AuthState { AuthState() }
            func resolve(oldState: AuthState, byApplying event: any Amplify.StateMachineEvent) -> Amplify.StateResolution<AuthState> {
                event.type == "reset" ? .from(AuthState()) : AuthState.Resolver().resolve(oldState: oldState, byApplying: event)
            }
        }
        var ready = AuthState()
        ready.authNState = AuthenticationState(isSignedIn: true, lastSignedIn: clock.now)
        ready.authZState = AuthorizationState(isAuthorized: true, credentials: ["token": "abc"])
        ready.isReady = true
        let machine = Amplify.StateMachine(resolver: Resetting(), environment: AuthEnvironment(now: { Date() }, getCreds: { [:] }))
        #expect(
            machine.undeclaredResolutions(of: [Unknown()], in: [AuthState(), ready]).map(\.description) == [
                "Ready --reset--> SignedOut"
            ])
    }

    // MARK: The graph

    @Test func graphMatchesTheSampleFile() throws {
        let graph = try makeMachine().0.graph()
        MachineModel.expectSame(graph, try Golden.loadSample("amplify-auth.yaml"))
        #expect(graph.isCompound("AuthState") && graph.isCompound("Authentication") && graph.isCompound("Authorization"))
        let dot = DOTWriter().write(graph)
        #expect(dot.contains("subgraph cluster_"))
        #expect(dot.contains("label=\"AuthenticationState\""))
    }

    /// The diagram the resolvers give when explored, beside the declared one: the tree as
    /// Amplify runs it, both substates side by side.
    @Test func theExploredDiagramShowsTheSubstatesSideBySide() throws {
        let events: [any Amplify.StateMachineEvent] = [
            signIn(), AuthEvent(.didSignIn, time: clock.now), AuthEvent(.didGetCreds(["token": "abc"]), time: clock.now),
            AuthEvent(.signOut, time: clock.now),
        ]
        let graph = try makeMachine().0.graph(exploring: events)
        #expect(graph.states.first?.isParallel == true)
        #expect(graph.states.map(\.id.rawValue).contains("AuthState/authZState/authorized"))
    }
}
