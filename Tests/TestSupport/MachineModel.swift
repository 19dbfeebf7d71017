public import FSMAnalysis
public import FSMCore
import Foundation
public import Testing

/// What a machine says, in declaration order, without what only a file has (source
/// positions): two machines built differently — from a file, in code, in any definition
/// style — compare equal when they describe the same machine.
public struct MachineModel: Equatable, CustomStringConvertible {
    public var name: String?
    public var initialState: StateID
    public var states: [State]
    public var events: [Event]
    public var transitions: [Transition]
    public var suppressions: [Suppression]

    /// The model of `machine`.
    public init(_ machine: Machine) {
        name = machine.name
        initialState = machine.initialState
        states = Self.unplaced(machine.states, \.location)
        events = Self.unplaced(machine.events, \.location)
        transitions = Self.unplaced(machine.transitions, \.location)
        suppressions = Self.unplaced(machine.suppressions, \.location)
    }

    /// `elements` without their source positions.
    private static func unplaced<Element>(_ elements: [Element], _ location: WritableKeyPath<Element, FSMCore.SourceLocation?>) -> [Element] {
        var elements = elements
        for index in elements.indices { elements[index][keyPath: location] = nil }
        return elements
    }

    public var description: String {
        let stateText = states.map { "\($0.id)\($0.label.map { "(\($0))" } ?? "") \($0.kind)\($0.parent.map { " in \($0)" } ?? "")" }
        let eventText = events.map { "\($0.id)\($0.label.map { "(\($0))" } ?? "")" }
        let transitionText = transitions.map {
            "\($0.source) --\($0.event?.rawValue ?? "-")\($0.guardLabel.map { " [\($0)]" } ?? "")--> \($0.targets) \($0.effects)\($0.kind == .internal ? " internal" : "")"
        }
        return """
            \(name ?? "-") initial \(initialState)
            states: \(stateText.joined(separator: ", "))
            events: \(eventText.joined(separator: ", "))
            \(transitionText.joined(separator: "\n"))
            """
    }

    /// `machine.analyze()` without source positions, in a fixed order (the analyzer orders
    /// findings by position, and a machine built in code has none).
    public static func findings(_ machine: Machine) -> [Finding] {
        machine.analyze().map { finding in
            var finding = finding
            finding.location = nil
            if case .transitions(let references) = finding.witness {
                finding.witness = .transitions(
                    references.map {
                        var reference = $0
                        reference.location = nil
                        return reference
                    })
            }
            return finding
        }.sorted { ($0.ruleID, $0.message) < ($1.ruleID, $1.message) }
    }

    /// Records an issue unless `graph` and `sample` describe the same machine with the same
    /// lint findings.
    public static func expectSame(
        _ graph: Machine, _ sample: Machine, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(MachineModel(graph) == MachineModel(sample), sourceLocation: sourceLocation)
        #expect(findings(graph) == findings(sample), sourceLocation: sourceLocation)
    }
}

extension Golden {
    /// The sample machine file `name` from `samples/`.
    public static func loadSample(_ name: String) throws -> Machine {
        try MachineFileLoader.load(path: samplesDirectory.appendingPathComponent(name).path)
    }

    /// The golden DOT that FSMDOT's tests keep under `golden/` for a sample.
    public static func dotGolden(_ name: String) throws -> String {
        try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/FSMDOTTests/Fixtures/golden/\(name)"), encoding: .utf8)
    }
}
