import FSMAnalysis
import FSMDOT
import FSMCore
import FSMRuntime
import Foundation

/// The auth example from the documentation of Amplify's State protocol: AuthState holds an
/// AuthenticationState and an AuthorizationState; signIn -> didSignIn -> getCreds() ->
/// didGetCreds -> isReady -> authIsReady. Each state resolves events depth-first into a new
/// value plus effects; the machine stores the value, then runs the effects, which dispatch
/// the next events.
struct AmplifyAuthExample: Example {
    static let name = "amplify"
    static let summary = "Amplify: hierarchical auth state, resolved depth-first, effects dispatch events"

    struct AuthEvent: StateMachineEvent, Equatable {
        enum EventType: Equatable, Sendable {
            case signIn(user: String, pass: String)
            case didSignIn
            case didGetCreds([String: String])
            case authIsReady
            case signOut
        }

        enum Kind: String, Hashable, Sendable {
            case signIn, didSignIn, didGetCreds, authIsReady, signOut
        }

        let eventType: EventType
        /// When it happened: resolvers read the time here, which keeps them pure.
        let time: Date

        init(_ eventType: EventType, time: Date) {
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
    }

    struct AuthEnvironment: Sendable {
        let now: @Sendable () -> Date
        let getCreds: @Sendable () async -> [String: String]
    }

    struct AuthenticationState: ResolvableState {
        typealias Environment = AuthEnvironment
        var isSignedIn = false
        var lastSignedIn: Date?

        func resolve(_ event: AuthEvent) -> StateResolution<Self> {
            switch event.eventType {
            case .signIn(let user, let pass) where !isSignedIn && !user.isEmpty && !pass.isEmpty:
                StateResolution(
                    Self(isSignedIn: true, lastSignedIn: event.time),
                    effects: [.dispatch(AuthEvent(.didSignIn, time: event.time))])
            case .signOut where isSignedIn:
                StateResolution(Self(isSignedIn: false, lastSignedIn: lastSignedIn))
            default:
                StateResolution(self)
            }
        }
    }

    struct AuthorizationState: ResolvableState {
        typealias Environment = AuthEnvironment
        var isAuthorized = false
        var credentials: [String: String] = [:]

        func resolve(_ event: AuthEvent) -> StateResolution<Self> {
            switch event.eventType {
            case .didSignIn where !isAuthorized:
                StateResolution(self, effects: [
                    StateEffect("getCreds()") { context in
                        let credentials = await context.environment.getCreds()
                        context.dispatch(AuthEvent(.didGetCreds(credentials), time: context.environment.now()))
                    }
                ])
            case .didGetCreds(let credentials) where !isAuthorized && !credentials.isEmpty:
                StateResolution(Self(isAuthorized: true, credentials: credentials))
            case .signOut where isAuthorized:
                StateResolution(Self())
            default:
                StateResolution(self)
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

    struct AuthState: StateTreeRoot {
        typealias Environment = AuthEnvironment
        var isReady = false
        var authNState = AuthenticationState()
        var authZState = AuthorizationState()

        func resolve(_ event: AuthEvent) -> StateResolution<Self> {
            var resolution = StateResolution(self)
            resolution.resolve(\.authNState, with: event)
            // Authorization only happens for a signed-in user (not in the documentation).
            if resolution.newState.authNState.isSignedIn {
                resolution.resolve(\.authZState, with: event)
            } else {
                resolution.newState.authZState = AuthorizationState()
            }
            let ready = resolution.newState.authNState.isSignedIn && resolution.newState.authZState.isAuthorized
            if ready, !isReady {
                resolution.newState.isReady = true
                resolution.effects.append(.dispatch(AuthEvent(.authIsReady, time: event.time)))
            } else if !ready {
                resolution.newState.isReady = false
            }
            return resolution
        }

        var node: AuthNode {
            if !authNState.isSignedIn { return .signedOut }
            return isReady ? .ready : .noCredentials
        }

        static let diagram = StateDiagram<AuthNode, AuthEvent.Kind>(
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

    static func run() async throws {
        // 11/26 9:43am, as in the documentation's table.
        let now = Date(timeIntervalSince1970: 1_637_919_780)
        let machine = ResolvingStateMachine(
            AuthState(), environment: AuthEnvironment(now: { now }, getCreds: { ["token": "abc"] }))
        // Steps arrive on whichever thread resolved them (didGetCreds on getCreds()'s task):
        // collect them and print once the effects are done, so the output is always the same.
        let lines = Locked<[String]>([])
        machine.observe { step in
            lines.withLock { $0.append(describe(step)) }
        }
        machine.observeEvents { event in
            if event.kind == .authIsReady { lines.withLock { $0.append("event authIsReady: nothing in the tree reacts") } }
        }

        print("start: \(describe(machine.state))")
        machine.send(AuthEvent(.signIn(user: "alice", pass: "secret"), time: now))
        await machine.waitForEffects()
        machine.send(AuthEvent(.signOut, time: now))
        await machine.waitForEffects()
        for line in lines.withLock({ $0 }) { print(line) }

        let graph = try machine.graph()
        let findings = graph.analyze()
        print("\nlint: \(findings.isEmpty ? "no findings" : findings.map(\.message).joined(separator: "\n      "))")
        print("\n" + DOTWriter().write(graph))
    }

    private static func describe(_ step: ResolutionStep<AuthState>) -> String {
        let effects = step.effects.isEmpty ? "none" : step.effects.joined(separator: ", ")
        return "event \(step.event.kind): \(step.source) -> \(step.target)\n    state: \(describe(step.newState))\n    effects: \(effects)"
    }

    private static func describe(_ state: AuthState) -> String {
        let signedIn = state.authNState.lastSignedIn.map { "\($0.formatted(.iso8601))" } ?? "nil"
        return "{ isReady: \(state.isReady), authNState: { isSignedIn: \(state.authNState.isSignedIn), lastSignedIn: \(signedIn) }, "
            + "authZState: { isAuthorized: \(state.authZState.isAuthorized), credentials: \(state.authZState.credentials) } }"
    }
}
