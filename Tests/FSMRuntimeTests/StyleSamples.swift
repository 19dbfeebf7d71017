import Analysis
import FSMCore
import Foundation

/// The sample machine files that the definition styles' ported examples must match, and
/// comparisons that ignore what only a file has (source positions, the description).
enum StyleSamples {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("samples")

    static func load(_ name: String) throws -> Machine {
        try MachineFileLoader.load(path: directory.appendingPathComponent(name).path)
    }

    /// The goldens DOTExport's tests keep for each sample.
    static func golden(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DOTExportTests/Fixtures/golden/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// What a machine says, in declaration order, without where it was written.
    struct Model: Equatable, CustomStringConvertible {
        var name: String?
        var initialState: StateID
        var states: [State]
        var events: [Event]
        var transitions: [Transition]

        init(_ machine: Machine) {
            name = machine.name
            initialState = machine.initialState
            states = machine.states.map { var state = $0; state.location = nil; return state }
            events = machine.events.map { var event = $0; event.location = nil; return event }
            transitions = machine.transitions.map { var transition = $0; transition.location = nil; return transition }
        }

        var description: String {
            let stateText = states.map { "\($0.id)\($0.label.map { "(\($0))" } ?? "") \($0.kind)\($0.parent.map { " in \($0)" } ?? "")" }
            let eventText = events.map { "\($0.id)\($0.label.map { "(\($0))" } ?? "")" }
            let transitionText = transitions.map {
                "\($0.source) --\($0.event?.rawValue ?? "-")\($0.guardLabel.map { " [\($0)]" } ?? "")--> \($0.targets) \($0.effects)"
            }
            return """
                \(name ?? "-") initial \(initialState)
                states: \(stateText.joined(separator: ", "))
                events: \(eventText.joined(separator: ", "))
                \(transitionText.joined(separator: "\n"))
                """
        }
    }

    /// `machine.analyze()` without source positions, which only a file has, in a fixed
    /// order (the analyzer orders findings by position, and a running machine has none).
    static func findings(_ machine: Machine) -> [Finding] {
        machine.analyze().map { finding in
            var finding = finding
            finding.location = nil
            if case .transitions(let references) = finding.witness {
                finding.witness = .transitions(references.map { var reference = $0; reference.location = nil; return reference })
            }
            return finding
        }.sorted { ($0.ruleID, $0.message) < ($1.ruleID, $1.message) }
    }
}
