extension Machine: CustomStringConvertible {
    /// The machine as a person reads it, for `print(machine)` and the debugger: a summary line,
    /// the states nested under their parents, then each transition as
    /// `Source --event [guard] / effects--> Target`.
    public var description: String {
        var lines = [
            "\(name ?? "Machine"): \(states.count) states, \(transitions.count) transitions, initial state \(initialState)"
        ]
        func list(_ parent: StateID?, depth: Int) {
            for id in children(of: parent) {
                guard let state = state(id) else { continue }
                lines.append(String(repeating: "  ", count: depth + 1) + Self.line(for: state))
                list(id, depth: depth + 1)
            }
        }
        list(nil, depth: 0)
        lines += transitions.map { "  " + Self.line(for: $0) }
        return lines.joined(separator: "\n")
    }

    private static func line(for state: State) -> String {
        var notes: [String] = []
        if state.kind == .final { notes.append("final") }
        if state.isParallel { notes.append("parallel") }
        if let pseudo = state.pseudoState { notes.append(pseudo.rawValue) }
        let label = state.label.map { " \"\($0)\"" } ?? ""
        return "\(state.id)\(label)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
    }

    private static func line(for transition: Transition) -> String {
        var trigger = transition.event.map { "\($0)" } ?? ""
        if let guardLabel = transition.guardLabel { trigger += " [\(guardLabel)]" }
        if !transition.effects.isEmpty { trigger += " / " + transition.effects.joined(separator: ", ") }
        let targets = transition.isTargetless ? "(no target)" : transition.targets.map(\.rawValue).joined(separator: ", ")
        let computed = transition.computedTarget.map { " (computed: \($0))" } ?? ""
        let arrow = trigger.isEmpty ? "-->" : "--\(trigger)-->"
        return "\(transition.source) \(arrow) \(targets)\(computed)"
    }
}
