public import FSMCore

extension MachineDiff {
    /// Every change as one line of text, in the diff's order: the initial state, then states,
    /// transitions and events.
    public var lines: [String] {
        (initialState.map { ["changed initial state: \($0.old) -> \($0.new)"] } ?? [])
            + states.map(\.line) + transitions.map(\.line) + events.map(\.line)
    }

    /// How many changes of each kind, as `states`, `transitions` and `events`.
    public func count(of kind: ChangeKind) -> (states: Int, transitions: Int, events: Int) {
        (
            states.count(where: { $0.kind == kind }), transitions.count(where: { $0.kind == kind }),
            events.count(where: { $0.kind == kind })
        )
    }

    /// One line counting the changes: "no changes", or for instance
    /// "2 states added, 1 transition changed, initial state changed".
    public var summary: String {
        var parts: [String] = []
        for kind in ChangeKind.allCases {
            let counts = count(of: kind)
            for (count, noun) in [(counts.states, "state"), (counts.transitions, "transition"), (counts.events, "event")]
            where count > 0 {
                parts.append("\(count) \(noun)\(count == 1 ? "" : "s") \(kind.rawValue)")
            }
        }
        if initialState != nil { parts.append("initial state changed") }
        return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
    }
}

/// Text for the values a change line shows.
enum ChangeText {
    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    static func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }

    static func arrow(_ old: String, _ new: String) -> String { "\(old) -> \(new)" }

    /// A transition as `source --event [guard] / effects--> targets`.
    static func transition(_ transition: Transition) -> String {
        var trigger = transition.event?.rawValue ?? ""
        if let guardLabel = transition.guardLabel { trigger += (trigger.isEmpty ? "" : " ") + "[\(guardLabel)]" }
        if !transition.effects.isEmpty {
            trigger += (trigger.isEmpty ? "" : " ") + "/ " + transition.effects.joined(separator: ", ")
        }
        let targets = transition.targets.isEmpty ? "(targetless)" : transition.targets.map(\.rawValue).joined(separator: ", ")
        let kind = transition.kind == .internal ? " (internal)" : ""
        return "\(transition.source) --\(trigger)--> \(targets)\(kind)"
    }
}

extension StateChange {
    /// The change as one line, such as `changed state Open: parent Door -> Frame`.
    public var line: String {
        switch (old, new) {
        case (nil, let new?): return "added state \(id)" + (new.parent.map { " in \($0)" } ?? "")
        case (let old?, nil): return "removed state \(id)" + (old.parent.map { " from \($0)" } ?? "")
        case (let old?, let new?): return "changed state \(id): " + aspects.map { detail($0, old, new) }.joined(separator: "; ")
        case (nil, nil): return "state \(id)"
        }
    }

    private func detail(_ aspect: Aspect, _ old: State, _ new: State) -> String {
        let values: (String, String)
        switch aspect {
        case .parent: values = (old.parent?.rawValue ?? "top level", new.parent?.rawValue ?? "top level")
        case .kind: values = (old.kind.rawValue, new.kind.rawValue)
        case .initialChild: values = (oldInitialChild?.rawValue ?? "none", newInitialChild?.rawValue ?? "none")
        case .entryEffects: values = (ChangeText.list(old.entryEffects), ChangeText.list(new.entryEffects))
        case .exitEffects: values = (ChangeText.list(old.exitEffects), ChangeText.list(new.exitEffects))
        case .label: values = (ChangeText.quoted(old.label), ChangeText.quoted(new.label))
        case .parallel: values = (String(old.isParallel), String(new.isParallel))
        case .pseudoState: values = (old.pseudoState?.rawValue ?? "none", new.pseudoState?.rawValue ?? "none")
        }
        return "\(aspect.rawValue) " + ChangeText.arrow(values.0, values.1)
    }
}

extension TransitionChange {
    /// The change as one line, such as `changed transition Idle --go--> Busy: guard none -> "ready"`.
    public var line: String {
        switch (old, new) {
        case (nil, let new?): return "added transition \(ChangeText.transition(new))"
        case (let old?, nil): return "removed transition \(ChangeText.transition(old))"
        case (let old?, let new?):
            return "changed transition \(ChangeText.transition(new)): " + aspects.map { detail($0, old, new) }.joined(separator: "; ")
        case (nil, nil): return "transition from \(source)"
        }
    }

    private func detail(_ aspect: Aspect, _ old: Transition, _ new: Transition) -> String {
        let values: (String, String)
        switch aspect {
        case .guardLabel: values = (ChangeText.quoted(old.guardLabel), ChangeText.quoted(new.guardLabel))
        case .effects: values = (ChangeText.list(old.effects), ChangeText.list(new.effects))
        case .targets: values = (ChangeText.list(old.targets.map(\.rawValue)), ChangeText.list(new.targets.map(\.rawValue)))
        case .kind: values = (old.kind.rawValue, new.kind.rawValue)
        case .priority: values = (String((oldRank ?? 0) + 1), String((newRank ?? 0) + 1))
        }
        return "\(aspect.rawValue) " + ChangeText.arrow(values.0, values.1)
    }
}

extension EventChange {
    /// The change as one line, such as `added event lock`.
    public var line: String {
        switch (old, new) {
        case (nil, _?): return "added event \(id)"
        case (_?, nil): return "removed event \(id)"
        default: return "changed event \(id): label \(ChangeText.arrow(ChangeText.quoted(old?.label), ChangeText.quoted(new?.label)))"
        }
    }
}
