internal import FSMCore

/// The text diagrams show for transitions and states, in UML's notation.
enum TransitionText {
    /// `event [guard] / effect, effect`, leaving out what the transition lacks.
    static func label(_ transition: Transition, in machine: Machine, guards: Bool = true) -> String {
        var parts: [String] = []
        if let event = transition.event { parts.append(machine.event(event)?.displayName ?? event.rawValue) }
        if guards, let guardLabel = transition.guardLabel { parts.append("[\(guardLabel)]") }
        if !transition.effects.isEmpty { parts.append("/ " + transition.effects.joined(separator: ", ")) }
        return parts.joined(separator: " ")
    }

    /// The line a transition that leaves its source active is listed as inside its source,
    /// as UML lists internal activities: its label, and for an internal transition the states
    /// it enters (`reset / clear (to Idle)`). A transition with nothing to show reads
    /// `(automatic)`.
    static func activity(_ transition: Transition, in machine: Machine) -> String {
        var text = label(transition, in: machine)
        if text.isEmpty { text = "(automatic)" }
        if !transition.isTargetless {
            text += " (to " + transition.targets.map(\.rawValue).joined(separator: ", ") + ")"
        }
        return text
    }

    /// A state's compartment: `entry / a, b` and `exit / c` lines for its effects, then a line
    /// for each transition that leaves it active (targetless or internal), in order.
    static func compartment(_ state: State, in machine: Machine) -> [String] {
        stateEffects(state)
            + machine.transitions(from: state.id).filter(machine.keepsSourceActive).map {
                activity($0, in: machine)
            }
    }

    /// `entry / a, b` and `exit / c` lines for a state's effects.
    static func stateEffects(_ state: State) -> [String] {
        var lines: [String] = []
        if !state.entryEffects.isEmpty { lines.append("entry / " + state.entryEffects.joined(separator: ", ")) }
        if !state.exitEffects.isEmpty { lines.append("exit / " + state.exitEffects.joined(separator: ", ")) }
        return lines
    }

    /// `H` for shallow history, `H*` for deep, as UML draws them.
    static func historyMark(_ pseudo: PseudoState) -> String {
        pseudo == .deepHistory ? "H*" : "H"
    }
}
