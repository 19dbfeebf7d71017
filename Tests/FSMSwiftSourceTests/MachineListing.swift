import FSMCore
import FSMInterop
import Foundation

/// A found machine as reviewable text: its name, style, states, start and every transition with
/// the line it was read from, one per line, so a golden file shows exactly what was read.
enum MachineListing {
    static func describe(_ found: ModuleMachine) -> String {
        let machine = found.imported.machine
        var lines = ["machine \(found.name) (\(found.style)) at \(found.location.file.map { ($0 as NSString).lastPathComponent } ?? ""):\(found.location.line)"]
        lines.append(
            "states: "
                + machine.states.map { state in
                    let marker = state.kind == .initial ? "*" : ""
                    let parent = state.parent.map { $0.rawValue + "/" } ?? ""
                    return marker + parent + state.id.rawValue + (state.location.map { "@" + place($0, in: found) } ?? "")
                }.joined(separator: " "))
        lines.append("events: " + machine.events.map(\.id.rawValue).joined(separator: " "))
        for transition in machine.transitions {
            let event = transition.event.map { " --\($0.rawValue)" } ?? " --"
            let guardText = transition.guardLabel.map { " [\($0)]" } ?? ""
            let effects = transition.effects.isEmpty ? "" : " / " + transition.effects.joined(separator: ", ")
            let computed = transition.computedTarget.map { " computed: \($0)" } ?? ""
            let targets = transition.targets.map(\.rawValue).joined(separator: "|")
            lines.append(
                "  \(transition.source.rawValue)\(event)\(guardText)\(effects)--> \(targets)\(computed) @\(place(transition.location, in: found))")
        }
        for warning in found.imported.warnings {
            lines.append(
                "\(warning.severity.rawValue): \(place(warning.location ?? SourceLocation(line: 0, column: 0), in: found, path: warning.path)): \(warning.message)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The line, after the file's name when it is not the machine's own (a machine that spans files).
    private static func place(_ location: SourceLocation?, in found: ModuleMachine, path: String? = nil) -> String {
        let line = "\(location?.line ?? 0)"
        guard let file = location?.file ?? path, !file.isEmpty, file != found.location.file else { return line }
        return (file as NSString).lastPathComponent + ":" + line
    }
}
