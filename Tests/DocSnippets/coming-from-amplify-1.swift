// What the Amplify guide's snippets leave out: the events, the environment and the diagram's
// nodes, which are the runnable example's own (`swift run Examples amplify`), and the
// credentials call.
// snippet-test: with Sources/Examples/AmplifyAuthExample.swift
// snippet-test: with Sources/Examples/Example.swift
// snippet-test: with Sources/Examples/Locked.swift

typealias AuthEvent = AmplifyAuthExample.AuthEvent
typealias AuthEnvironment = AmplifyAuthExample.AuthEnvironment
typealias AuthNode = AmplifyAuthExample.AuthNode

@Sendable func fetch() async -> [String: String] { ["token": "abc"] }
typealias Dispatch = AmplifyAuthExample.Dispatch
typealias GetCredentials = AmplifyAuthExample.GetCredentials
