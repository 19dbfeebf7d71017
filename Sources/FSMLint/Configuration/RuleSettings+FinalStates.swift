import FSMCore
public import FSMInterop

extension RuleSettings {
    /// `imported` with the states ``finalStates`` names marked final, for the rules to take as
    /// ends by design. A state that cannot be final (the initial one, a compound, parallel or
    /// pseudo state) keeps its kind, and so does a machine that names none.
    public func markingFinalStates(in imported: ImportedMachine) -> ImportedMachine {
        guard !finalStates.isEmpty else { return imported }
        let machine = imported.machine
        let qualifiers = Self.qualifiers(of: imported)
        var marked = false
        let states = machine.states.map { state in
            var state = state
            let id = state.id.rawValue
            let named = finalStates.contains(id) || qualifiers.contains { finalStates.contains("\($0).\(id)") }
            if named, state.kind == .normal, !state.isParallel, state.pseudoState == nil, !machine.isCompound(state.id) {
                state.kind = .final
                marked = true
            }
            return state
        }
        guard marked,
            let final = try? Machine(
                name: machine.name, summary: machine.summary, states: states, events: machine.events,
                transitions: machine.transitions, suppressions: machine.suppressions)
        else { return imported }
        var result = imported
        result.machine = final
        return result
    }

    /// What may qualify a state's id in ``finalStates``: the machine's name (without the `@line`
    /// that tells apart machines of one name), and the state type as Swift code may name it
    /// (`Connection.State.closed`, `State.closed`).
    private static func qualifiers(of imported: ImportedMachine) -> [String] {
        var qualifiers: [String] = []
        if let name = imported.machine.name {
            qualifiers.append(name)
            if let at = name.lastIndex(of: "@"), name[name.index(after: at)...].allSatisfy(\.isNumber) {
                qualifiers.append(String(name[..<at]))
            }
        }
        if let stateType = imported.stateType {
            let components = stateType.split(separator: ".")
            qualifiers += components.indices.map { components[$0...].joined(separator: ".") }
        }
        return qualifiers
    }
}
