internal import FSMCore

extension MachineError {
    /// The error's description, with the closest of `states` suggested when a transition
    /// names a target the machine does not declare (a misspelled SCXML `target`, say).
    func describedWithSuggestion(among states: [State]) -> String {
        guard let (target, role) = undeclaredTransitionState, role == .target else { return description }
        return description + Suggestion.hint(for: target.rawValue, among: states.map(\.id.rawValue))
    }
}
