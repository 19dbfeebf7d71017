// What the Amplify guide's snippets leave out, as Tests/FSMRuntimeTests/AmplifyTests.swift
// declares it: the events, the environment, the diagram's nodes and the credentials call.
import FSMRuntime
import Foundation

struct AuthEvent: StateMachineEvent, Equatable {
    enum EventType: Equatable, Sendable {
        case signIn(user: String, pass: String)
        case didSignIn
        case didGetCreds([String: String])
        case authIsReady
    }

    enum Kind: String, Hashable, Sendable {
        case signIn, didSignIn, didGetCreds, authIsReady
    }

    let eventType: EventType
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
        }
    }
}

struct AuthEnvironment: Sendable {
    let now: @Sendable () -> Date
    let getCreds: @Sendable () async -> [String: String]
}

enum AuthNode: String, Hashable, Sendable {
    case authState, authentication, authorization, ready
}

@Sendable func fetch() async -> [String: String] { ["token": "abc"] }
