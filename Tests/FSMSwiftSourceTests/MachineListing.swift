import FSMCore
import FSMInterop
import Foundation

/// A found machine as reviewable text: its name, style, states, start and every transition with
/// the line it was read from, one per line, so a golden file shows exactly what was read.
enum MachineListing {
    static func describe(_ found: ModuleMachine) -> String {
        let machine = found.imported.machine
        var lines = ["machine \(found.name) (\(found.style)) at \(found.location.file.map { ($0 as NSString).lastPathComponent } ?? ""):\(found.location.line)"]
        lines.append("states: " + machine.states.map { state in
            let marker = state.kind == .initial ? "*" : ""
            return marker + state.id.rawValue + (state.location.map { "@\($0.line)" } ?? "")
        }.joined(separator: " "))
        lines.append("events: " + machine.events.map(\.id.rawValue).joined(separator: " "))
        for transition in machine.transitions {
            let event = transition.event.map { " --\($0.rawValue)" } ?? " --"
            let guardText = transition.guardLabel.map { " [\($0)]" } ?? ""
            let computed = transition.computedTarget.map { " computed: \($0)" } ?? ""
            let targets = transition.targets.map(\.rawValue).joined(separator: "|")
            lines.append("  \(transition.source.rawValue)\(event)\(guardText)--> \(targets)\(computed) @\(transition.location?.line ?? 0)")
        }
        for warning in found.imported.warnings { lines.append("warning: \(warning.location?.line ?? 0): \(warning.message)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
