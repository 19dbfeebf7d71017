internal import FSMCore

/// Assigns every state a distinct DOT identifier, preferring the state's own name so the
/// DOT stays readable in a pull request, and inventing one when the name cannot be written
/// faithfully or would clash.
struct DOTIdentifiers {
    private var byState: [StateID: String] = [:]
    private var used: Set<String> = []

    init(_ states: some Sequence<StateID>) {
        var unnamed: [StateID] = []
        for state in states {
            if let natural = DOTEscaping.identifier(for: state.rawValue), used.insert(natural).inserted {
                byState[state] = natural
            } else {
                unnamed.append(state)
            }
        }
        for (index, state) in unnamed.enumerated() {
            byState[state] = fresh("state_\(index)")
        }
    }

    subscript(state: StateID) -> String { byState[state] ?? "" }

    /// An identifier no state uses, derived from `base`.
    mutating func fresh(_ base: String) -> String {
        var candidate = base
        var suffix = 1
        while !used.insert(candidate).inserted {
            candidate = "\(base)_\(suffix)"
            suffix += 1
        }
        return candidate
    }
}
