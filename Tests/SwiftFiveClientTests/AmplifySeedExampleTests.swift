// swift-format-ignore-file
// A seed's README example, kept as its authors laid it out: only the edits the header lists.
import FSMCore
import FSMRuntime
import Foundation
import Testing

// The auth example of Amplify's `State` documentation (steps 1-10), written as Amplify's auth
// plugin writes states, events, actions and resolvers, in Swift 5 mode like the plugin. The
// edits fsmviz needs (docs/coming-from-amplify.md) are renames only: Amplify's `State`,
// `StateMachineEvent`, `StateMachineResolver`, `StateResolution`, `Action`, `EventDispatcher`,
// `Environment` and `StateMachine` are qualified with `Amplify.`, and `import FSMRuntime`.

struct AuthenticationState: Amplify.State {
    var isSignedIn = false
    var lastSignedIn: Date? = nil

    var type: String { isSignedIn ? "AuthenticationState.signedIn" : "AuthenticationState.signedOut" }
}

struct AuthorizationState: Amplify.State {
    var isAuthorized = false
    var credentials: [String: String] = [:]

    var type: String { isAuthorized ? "AuthorizationState.authorized" : "AuthorizationState.unauthorized" }
}

struct AuthState: Amplify.State {
    var isReady = false
    var authNState = AuthenticationState()
    var authZState = AuthorizationState()

    var type: String { "AuthState" }
}

struct AuthEvent: Amplify.StateMachineEvent {
    enum EventType {
        case signIn(user: String, pass: String)
        case didSignIn
        case didGetCreds([String: String])
        case authIsReady
    }

    let id: String
    let eventType: EventType
    let time: Date?

    init(id: String = UUID().uuidString, eventType: EventType, time: Date? = nil) {
        self.id = id
        self.eventType = eventType
        self.time = time
    }

    var type: String {
        switch eventType {
        case .signIn: return "AuthEvent.signIn"
        case .didSignIn: return "AuthEvent.didSignIn"
        case .didGetCreds: return "AuthEvent.didGetCreds"
        case .authIsReady: return "AuthEvent.authIsReady"
        }
    }
}

struct AuthEnvironment: Amplify.Environment {
    let getCreds: @Sendable () async -> [String: String]
}

struct DispatchAuthEvent: Amplify.Action {
    let event: AuthEvent

    var identifier: String { "dispatch(\(event.type))" }

    func execute(withDispatcher dispatcher: Amplify.EventDispatcher, environment: Amplify.Environment) async {
        dispatcher.send(event)
    }
}

struct GetCredentials: Amplify.Action {
    let identifier = "getCreds()"

    func execute(withDispatcher dispatcher: Amplify.EventDispatcher, environment: Amplify.Environment) async {
        guard let environment = environment as? AuthEnvironment else { return }
        let credentials = await environment.getCreds()
        dispatcher.send(AuthEvent(eventType: .didGetCreds(credentials), time: Date()))
    }
}

extension AuthenticationState {
    struct Resolver: Amplify.StateMachineResolver {
        typealias StateType = AuthenticationState
        let defaultState = AuthenticationState()

        func resolve(oldState: AuthenticationState, byApplying event: Amplify.StateMachineEvent) -> Amplify.StateResolution<AuthenticationState> {
            guard let authEvent = event as? AuthEvent else { return .from(oldState) }
            switch authEvent.eventType {
            case .signIn(let user, let pass) where !oldState.isSignedIn && !user.isEmpty && !pass.isEmpty:
                // [3] a simple validation; [4] tell the machine
                let newState = AuthenticationState(isSignedIn: true, lastSignedIn: authEvent.time)
                let didSignIn = AuthEvent(eventType: .didSignIn, time: authEvent.time)
                return Amplify.StateResolution(newState: newState, actions: [DispatchAuthEvent(event: didSignIn)])
            default:
                return .from(oldState)
            }
        }
    }
}

extension AuthorizationState {
    struct Resolver: Amplify.StateMachineResolver {
        typealias StateType = AuthorizationState
        let defaultState = AuthorizationState()

        func resolve(oldState: AuthorizationState, byApplying event: Amplify.StateMachineEvent) -> Amplify.StateResolution<AuthorizationState> {
            guard let authEvent = event as? AuthEvent else { return .from(oldState) }
            switch authEvent.eventType {
            case .didSignIn where !oldState.isAuthorized:
                // [6]
                return Amplify.StateResolution(newState: oldState, actions: [GetCredentials()])
            case .didGetCreds(let credentials) where !oldState.isAuthorized && !credentials.isEmpty:
                // [8]
                return .from(AuthorizationState(isAuthorized: true, credentials: credentials))
            default:
                return .from(oldState)
            }
        }
    }
}

extension AuthState {
    struct Resolver: Amplify.StateMachineResolver {
        typealias StateType = AuthState
        let defaultState = AuthState()

        func resolve(oldState: AuthState, byApplying event: Amplify.StateMachineEvent) -> Amplify.StateResolution<AuthState> {
            // Depth first: both substates resolve every event, side by side.
            let authN = AuthenticationState.Resolver().resolve(oldState: oldState.authNState, byApplying: event)
            let authZ = AuthorizationState.Resolver().resolve(oldState: oldState.authZState, byApplying: event)
            var newState = oldState
            newState.authNState = authN.newState
            newState.authZState = authZ.newState
            var actions = authN.actions + authZ.actions
            if !oldState.isReady, newState.authNState.isSignedIn, newState.authZState.isAuthorized {
                // [9], [10]
                newState.isReady = true
                actions.append(DispatchAuthEvent(event: AuthEvent(eventType: .authIsReady, time: event.time)))
            }
            return Amplify.StateResolution(newState: newState, actions: actions)
        }
    }
}

@Suite struct AmplifySeedExampleTests {
    static let signInTime = Date(timeIntervalSince1970: 1_606_383_780)

    static func machine() -> Amplify.StateMachine<AuthState, AuthEnvironment> {
        Amplify.StateMachine(resolver: AuthState.Resolver(), environment: AuthEnvironment(getCreds: { ["token": "abc"] }))
    }

    @Test func theDocumentedWalkthroughRuns() async {
        let machine = Self.machine()
        let log = Recorded<AuthState>()
        let token = machine.listen({ log.add($0) }, onSubscribe: nil)
        // [1] default values; [2] signIn
        machine.send(AuthEvent(eventType: .signIn(user: "user", pass: "pass"), time: Self.signInTime))
        await machine.waitForActions()
        let state = machine.currentState
        #expect(state.isReady)
        #expect(state.authNState == AuthenticationState(isSignedIn: true, lastSignedIn: Self.signInTime))
        #expect(state.authZState == AuthorizationState(isAuthorized: true, credentials: ["token": "abc"]))
        // The listener sees the start, signed in, then authorized and ready (didSignIn and
        // authIsReady change nothing, so they are not new states).
        for _ in 0..<1_000 where log.all.count < 3 { await Task.yield() }
        #expect(log.all.map { [$0.authNState.isSignedIn, $0.authZState.isAuthorized, $0.isReady] } == [
            [false, false, false], [true, false, false], [true, true, true],
        ])
        machine.cancel(listenerToken: token)
    }

    @Test func everyEventIsOfferedToEveryState() async {
        let machine = Self.machine()
        // Amplify resolves events nothing handles: the state stays, nothing is refused.
        machine.send(AuthEvent(eventType: .authIsReady))
        machine.send(AuthEvent(eventType: .signIn(user: "", pass: "")))
        await machine.waitForActions()
        #expect(machine.currentState == AuthState())
    }

    @Test func theDiagramIsDerivedFromTheResolvers() throws {
        let samples: [Amplify.StateMachineEvent] = [
            AuthEvent(eventType: .signIn(user: "user", pass: "pass"), time: Self.signInTime),
            AuthEvent(eventType: .didSignIn, time: Self.signInTime),
            AuthEvent(eventType: .didGetCreds(["token": "abc"]), time: Self.signInTime),
            AuthEvent(eventType: .authIsReady, time: Self.signInTime),
        ]
        let graph = try Self.machine().graph(exploring: samples, name: "AuthState")
        #expect(graph.states.map(\.id.rawValue) == [
            "AuthState", "AuthState/authNState", "AuthState/authNState/AuthenticationState.signedOut",
            "AuthState/authZState", "AuthState/authZState/AuthorizationState.unauthorized",
            "AuthState/authNState/AuthenticationState.signedIn", "AuthState/authZState/AuthorizationState.authorized",
        ])
        #expect(graph.states.first?.isParallel == true)
        #expect(graph.transitions.map { "\($0.source.rawValue) -\($0.event?.rawValue ?? "")[\($0.guardLabel ?? "")]/\($0.effects)-> \($0.targets.map(\.rawValue))" } == [
            "AuthState/authNState/AuthenticationState.signedOut -AuthEvent.signIn[]/[\"dispatch(AuthEvent.didSignIn)\"]-> [\"AuthState/authNState/AuthenticationState.signedIn\"]",
            "AuthState -AuthEvent.didSignIn[in AuthenticationState.signedOut, AuthorizationState.unauthorized]/[\"getCreds()\"]-> []",
            "AuthState/authZState/AuthorizationState.unauthorized -AuthEvent.didGetCreds[]/[]-> [\"AuthState/authZState/AuthorizationState.authorized\"]",
            "AuthState -AuthEvent.didSignIn[in AuthenticationState.signedIn, AuthorizationState.unauthorized]/[\"getCreds()\"]-> []",
            "AuthState/authZState/AuthorizationState.unauthorized -AuthEvent.didGetCreds[]/[\"dispatch(AuthEvent.authIsReady)\"]-> [\"AuthState/authZState/AuthorizationState.authorized\"]",
            // Every event reaches every substate: credentials arriving before sign-in
            // authorize a signed-out user, and signing in then makes the tree ready.
            "AuthState/authNState/AuthenticationState.signedOut -AuthEvent.signIn[]/[\"dispatch(AuthEvent.didSignIn)\", \"dispatch(AuthEvent.authIsReady)\"]-> [\"AuthState/authNState/AuthenticationState.signedIn\"]",
        ])
    }
}
