import FSMAnalysis
import FSMCore
import FSMDOT
import FSMRuntime
import Foundation

/// The auth example from the documentation of Amplify's State protocol: AuthState holds an
/// AuthenticationState and an AuthorizationState; signIn -> didSignIn -> getCreds() ->
/// didGetCreds -> isReady -> authIsReady. Each state's resolver resolves events depth-first
/// into a new value plus actions; the machine stores the value, then runs the actions, which
/// send the next events. The root declares its diagram beside its resolvers.
struct AmplifyAuthExample: Example {
    static let name = "amplify"
    static let summary = "Amplify: hierarchical auth state, resolved depth-first, actions send events"

    struct AuthEvent: Amplify.StateMachineEvent, Equatable {
        enum EventType: Equatable, Sendable {
            case signIn(user: String, pass: String)
            case didSignIn
            case didGetCreds([String: String])
            case authIsReady
            case signOut
        }

        /// The event without its payload: its `type`, and the diagram's name for it.
        enum Kind: String, Hashable, Sendable {
            case signIn, didSignIn, didGetCreds, authIsReady, signOut
        }

        let id: String
        let eventType: EventType
        /// When it happened: resolvers read the time here, which keeps them pure.
        let time: Date?

        init(_ eventType: EventType, time: Date, id: String = UUID().uuidString) {
            self.id = id
            self.eventType = eventType
            self.time = time
        }

        var kind: Kind {
            switch eventType {
            case .signIn: .signIn
            case .didSignIn: .didSignIn
            case .didGetCreds: .didGetCreds
            case .authIsReady: .authIsReady
            case .signOut: .signOut
            }
        }

        var type: String { kind.rawValue }

        /// Equal events, whatever their `id`: tests compare what happened, not which sending.
        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.eventType == rhs.eventType && lhs.time == rhs.time
        }
    }

    struct AuthEnvironment: Amplify.Environment {
        let now: @Sendable () -> Date
        let getCreds: @Sendable () async -> [String: String]
    }

    /// Sends one event back to the machine: queued behind the event being resolved.
    struct Dispatch: Amplify.Action {
        let event: AuthEvent

        var identifier: String { "dispatch(\(event.type))" }

        func execute(withDispatcher dispatcher: any Amplify.EventDispatcher, environment: any Amplify.Environment) async {
            dispatcher.send(event)
        }
    }

    /// Fetches credentials and sends them back as `didGetCreds`.
    struct GetCredentials: Amplify.Action {
        let identifier = "getCreds()"

        func execute(withDispatcher dispatcher: any Amplify.EventDispatcher, environment: any Amplify.Environment) async {
            guard let environment = environment as? AuthEnvironment else { return }
            let credentials = await environment.getCreds()
            dispatcher.send(AuthEvent(.didGetCreds(credentials), time: environment.now()))
        }
    }

    struct AuthenticationState: Amplify.State {
        var isSignedIn = false
        var lastSignedIn: Date?

        var type: String { isSignedIn ? "signedIn" : "signedOut" }

        struct Resolver: Amplify.StateMachineResolver {
            let defaultState = AuthenticationState()

            func resolve(
                oldState: AuthenticationState, byApplying event: any Amplify.StateMachineEvent
            ) -> Amplify.StateResolution<AuthenticationState> {
                guard let event = event as? AuthEvent, let time = event.time else { return .from(oldState) }
                switch event.eventType {
                case .signIn(let user, let pass) where !oldState.isSignedIn && !user.isEmpty && !pass.isEmpty:
                    return Amplify.StateResolution(
                        newState: AuthenticationState(isSignedIn: true, lastSignedIn: time),
                        actions: [Dispatch(event: AuthEvent(.didSignIn, time: time))])
                case .signOut where oldState.isSignedIn:
                    return .from(AuthenticationState(isSignedIn: false, lastSignedIn: oldState.lastSignedIn))
                default:
                    return .from(oldState)
                }
            }
        }
    }

    struct AuthorizationState: Amplify.State {
        var isAuthorized = false
        var credentials: [String: String] = [:]

        var type: String { isAuthorized ? "authorized" : "unauthorized" }

        struct Resolver: Amplify.StateMachineResolver {
            let defaultState = AuthorizationState()

            func resolve(
                oldState: AuthorizationState, byApplying event: any Amplify.StateMachineEvent
            ) -> Amplify.StateResolution<AuthorizationState> {
                guard let event = event as? AuthEvent else { return .from(oldState) }
                switch event.eventType {
                case .didSignIn where !oldState.isAuthorized:
                    return Amplify.StateResolution(newState: oldState, actions: [GetCredentials()])
                case .didGetCreds(let credentials) where !oldState.isAuthorized && !credentials.isEmpty:
                    return .from(AuthorizationState(isAuthorized: true, credentials: credentials))
                case .signOut where oldState.isAuthorized:
                    return .from(AuthorizationState())
                default:
                    return .from(oldState)
                }
            }
        }
    }

    enum AuthNode: String, Hashable, Sendable, CustomStringConvertible {
        case authState = "AuthState"
        case authentication = "Authentication"
        case signedOut = "SignedOut"
        case authorization = "Authorization"
        case noCredentials = "NoCredentials"
        case ready = "Ready"

        var description: String { rawValue }
    }

    struct AuthState: Amplify.DiagramDeclaring {
        var isReady = false
        var authNState = AuthenticationState()
        var authZState = AuthorizationState()

        var type: String { "AuthState" }

        struct Resolver: Amplify.StateMachineResolver {
            let defaultState = AuthState()

            /// Depth first: the substates resolve the event, then the root its own attributes
            /// from their new values.
            func resolve(oldState: AuthState, byApplying event: any Amplify.StateMachineEvent) -> Amplify.StateResolution<AuthState> {
                let authN = AuthenticationState.Resolver().resolve(oldState: oldState.authNState, byApplying: event)
                var newState = oldState
                newState.authNState = authN.newState
                var actions = authN.actions
                // Authorization only happens for a signed-in user (not in the documentation):
                // credentials arriving while signed out would otherwise authorize no one.
                if newState.authNState.isSignedIn {
                    let authZ = AuthorizationState.Resolver().resolve(oldState: oldState.authZState, byApplying: event)
                    newState.authZState = authZ.newState
                    actions += authZ.actions
                } else {
                    newState.authZState = AuthorizationState()
                }
                let ready = newState.authNState.isSignedIn && newState.authZState.isAuthorized
                if ready, !oldState.isReady, let time = event.time {
                    newState.isReady = true
                    actions.append(Dispatch(event: AuthEvent(.authIsReady, time: time)))
                } else if !ready {
                    newState.isReady = false
                }
                return Amplify.StateResolution(newState: newState, actions: actions)
            }
        }

        var node: AuthNode {
            if !authNState.isSignedIn { return .signedOut }
            return isReady ? .ready : .noCredentials
        }

        static let diagram = Amplify.StateDiagram<AuthNode, AuthEvent.Kind>(
            nodes: [
                .init(.authState, initial: .authentication),
                .init(.authentication, label: "AuthenticationState", parent: .authState, initial: .signedOut),
                .init(.signedOut, label: "Signed Out", parent: .authentication),
                .init(.authorization, label: "AuthorizationState", parent: .authState, initial: .noCredentials),
                .init(.noCredentials, label: "No Credentials", parent: .authorization),
                .init(.ready, label: "Ready (isReady = true)", parent: .authState),
            ],
            events: [
                .init(.signIn, label: "signIn(user, pass)"), .init(.didSignIn),
                .init(.didGetCreds, label: "didGetCreds(result)"), .init(.signOut),
            ],
            transitions: [
                .init(
                    on: .signIn, from: .signedOut, to: .noCredentials, guard: "user and pass valid",
                    effects: ["isSignedIn = true", "lastSignedIn = now", "dispatch(didSignIn)"]),
                .init(
                    on: .didSignIn, from: .noCredentials, to: .noCredentials,
                    effects: ["getCreds(), which dispatches didGetCreds(result)"]),
                .init(
                    on: .didGetCreds, from: .noCredentials, to: .ready, guard: "result has credentials",
                    effects: ["isAuthorized = true", "credentials = result", "isReady = true", "dispatch(authIsReady)"]),
                .init(
                    on: .signOut, from: [.authorization, .ready], to: [.authentication],
                    effects: ["isSignedIn = false", "isAuthorized = false", "credentials = [:]", "isReady = false"]),
            ])
    }

    static func makeMachine(environment: AuthEnvironment) -> Amplify.StateMachine<AuthState, AuthEnvironment> {
        Amplify.StateMachine(resolver: AuthState.Resolver(), environment: environment)
    }

    static func run() async throws {
        // 11/26 9:43am, as in the documentation's table.
        let now = Date(timeIntervalSince1970: 1_637_919_780)
        let machine = makeMachine(environment: AuthEnvironment(now: { now }, getCreds: { ["token": "abc"] }))
        // The listener runs in a task of its own: collect what it sees and print once the
        // actions are done, so the output is always the same.
        let lines = Locked<[String]>([])
        let token = machine.listen { state in lines.withLock { $0.append("\(state.node): \(describe(state))") } }

        await machine.sendAndWait(AuthEvent(.signIn(user: "alice", pass: "secret"), time: now))
        await machine.waitForActions()
        await machine.sendAndWait(AuthEvent(.signOut, time: now))
        await machine.waitForActions()
        for _ in 0..<1_000 where lines.withLock({ $0.count }) < 4 { await Task.yield() }
        machine.cancel(listenerToken: token)
        for line in lines.withLock({ $0 }) { print(line) }

        let graph = try machine.graph()
        let findings = graph.analyze()
        print("\nlint: \(findings.isEmpty ? "no findings" : findings.map(\.message).joined(separator: "\n      "))")
        print("\n" + DOTWriter().write(graph))
    }

    private static func describe(_ state: AuthState) -> String {
        let signedIn = state.authNState.lastSignedIn.map { "\($0.formatted(.iso8601))" } ?? "nil"
        return "{ isReady: \(state.isReady), authNState: { isSignedIn: \(state.authNState.isSignedIn), lastSignedIn: \(signedIn) }, "
            + "authZState: { isAuthorized: \(state.authZState.isAuthorized), credentials: \(state.authZState.credentials) } }"
    }
}
