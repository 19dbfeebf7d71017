import FSMCore
import FSMInterop
import FSMRuntime
import FSMSwiftSource
import Foundation
import TestSupport
import Testing

@testable import Examples

/// A machine written against fsmviz's runtime is drawn without running it: the machine read from
/// an example's source equals the one its runtime `graph()` gives when the example runs.
@Suite struct RuntimeDifferentialTests {
    /// What both sides must agree on: states in order, the initial state, events, and each
    /// transition's source, event, guard, effects and targets (the runtime knows no source lines).
    struct Shape: Equatable, CustomStringConvertible {
        let states: [String]
        let initial: String
        let events: [String]
        let transitions: [String]

        init(_ machine: Machine) {
            states = machine.states.map(\.id.rawValue)
            initial = machine.initialState.rawValue
            events = machine.events.map(\.id.rawValue)
            transitions = machine.transitions.map { transition in
                let targets = transition.targets.map(\.rawValue).joined(separator: "|")
                let guardText = transition.guardLabel.map { " [\($0)]" } ?? ""
                let effects = transition.effects.isEmpty ? "" : " / " + transition.effects.joined(separator: ", ")
                return "\(transition.source.rawValue) --\(transition.event?.rawValue ?? "")\(guardText)\(effects)--> \(targets)"
            }.sorted()
        }

        var description: String {
            "states \(states), initial \(initial), events \(events)\n" + transitions.joined(separator: "\n")
        }
    }

    static func read(example: String, style: String) throws -> Machine? {
        let path = Golden.packageRoot.appendingPathComponent("Sources/Examples/\(example)").path
        return try SwiftSourceReader().machines(in: [path], limits: .standard).machines.first { $0.style == style }?.imported.machine
    }

    @Test func efStateMachineExampleReadsAsItsRuntimeGraph() throws {
        let read = try #require(try Self.read(example: "EFLoadState.swift", style: "registered-actions"))
        let runtime = try EFLoadState.makeMachine().graph()
        #expect(Shape(read) == Shape(runtime))
        #expect(Shape(read).transitions.count == 6)
    }
}

extension RuntimeDifferentialTests {
    @Test func statedExampleReadsAsItsRuntimeGraph() throws {
        let read = try #require(try Self.read(example: "StatedAppLauncher.swift", style: "mapping-rows"))
        let launcher = try AppLauncher(
            upgradeService: Upgrade(isUpgradePending: false), apiService: APIService(canLogIn: false), db: PersistenceService(),
            rootViewController: RootViewController())
        let runtime = try launcher.machine.graph()
        #expect(Shape(read) == Shape(runtime))
    }
}

extension RuntimeDifferentialTests {
    @Test func transporterExampleReadsAsItsRuntimeGraph() throws {
        let read = try #require(try Self.read(example: "TransporterDoor.swift", style: "event-objects"))
        let runtime = try TransporterDoor.makeMachine(badge: TransporterDoor.BadgeReader()).graph()
        #expect(Shape(read) == Shape(runtime))
        #expect(
            Shape(read).transitions.contains(
                "Locked --unlock [shouldFireEvent: badge is authorized] / willFireEvent: log badge swipe, didFireEvent: withdraw bolt--> Closed"))
    }
}

extension RuntimeDifferentialTests {
    @Test func ddBuilderExampleReadsAsItsRuntimeGraph() throws {
        let read = try #require(try Self.read(example: "DDSyncExample.swift", style: "transition-builder"))
        let runtime = try DDSyncExample.makeMachine(now: { Date() }, doSync: { true }).graph()
        #expect(Shape(read) == Shape(runtime))
        #expect(Shape(read).transitions.contains("inProgress -- [result] / expiryDate = now + 30s--> synced"))
    }
}

extension RuntimeDifferentialTests {
    @Test func amplifyTreeExampleReadsAsItsRuntimeGraph() throws {
        typealias Auth = AmplifyAuthExample
        let read = try #require(try Self.read(example: "AmplifyAuthExample.swift", style: "state-diagram"))
        let machine = Auth.makeMachine(environment: Auth.AuthEnvironment(now: { Date() }, getCreds: { [:] }))
        let runtime = try machine.graph()
        #expect(Shape(read) == Shape(runtime))
        // The tree and its text, which the other styles do not have.
        func tree(_ machine: Machine) -> [String] {
            machine.states.map { "\($0.id) in \($0.parent?.rawValue ?? "-") \($0.kind) \($0.label ?? "-")" }
                + machine.events.map { "\($0.id): \($0.label ?? "-")" }
        }
        #expect(tree(read) == tree(runtime))
        #expect(read.name == runtime.name)
        #expect(
            Shape(read).transitions.contains("Ready --signOut / isSignedIn = false, isAuthorized = false, credentials = [:], isReady = false--> Authentication")
        )
    }
}
