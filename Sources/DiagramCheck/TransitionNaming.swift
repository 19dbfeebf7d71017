internal import FSMCore

extension Machine {
    /// Transition `number` as findings name it: `source --event [guard]--> targets`, or
    /// `(no target)` for a targetless one.
    func describeTransition(_ number: Int) -> String {
        guard transitions.indices.contains(number) else { return "transition \(number) (not in the machine)" }
        let transition = transitions[number]
        var trigger = transition.event?.rawValue ?? ""
        if let guardLabel = transition.guardLabel {
            trigger += (trigger.isEmpty ? "" : " ") + "[\(Self.shortened(guardLabel))]"
        }
        let targets =
            transition.isTargetless
            ? "(no target)" : transition.targets.map(\.rawValue).joined(separator: ", ")
        return "#\(number) \(transition.source.rawValue) --\(trigger)--> \(targets)"
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}

extension Machine {
    /// Where the first of transitions `numbers` that has a location was declared.
    func firstLocation(ofTransitions numbers: [Int]) -> SourceLocation? {
        numbers.lazy.compactMap { self.transitions.indices.contains($0) ? self.transitions[$0].location : nil }.first
    }
}
