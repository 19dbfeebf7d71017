internal import FSMCore

/// Identifiers for states in diagram languages (Mermaid, PlantUML) whose identifiers are
/// plain words: a state's own id when it is one, else a cleaned-up form of it made unique.
/// The state's real name is then shown as its label.
struct DiagramIdentifiers {
    private var byState: [StateID: String] = [:]
    private var used: Set<String>

    /// Assigns identifiers to `states`, avoiding `reserved` words of the language and
    /// identifiers ending in one of `reservedSuffixes`, which the language derives for nodes of
    /// its own.
    init(_ states: [StateID], reserved: Set<String>, reservedSuffixes: [String] = []) {
        used = []
        var pending: [StateID] = []
        func hasReservedSuffix(_ text: String) -> Bool { reservedSuffixes.contains { text.hasSuffix($0) } }
        for state in states {
            if Self.isWord(state.rawValue), !reserved.contains(state.rawValue.lowercased()), !hasReservedSuffix(state.rawValue),
                used.insert(state.rawValue).inserted
            {
                byState[state] = state.rawValue
            } else {
                pending.append(state)
            }
        }
        for state in pending {
            var base = String(state.rawValue.unicodeScalars.map { Self.isWordScalar($0) ? Character($0) : "_" })
            if base.isEmpty || base.first?.isNumber == true || reserved.contains(base.lowercased()) { base = "s_" + base }
            if hasReservedSuffix(base) { base += "_" }
            byState[state] = fresh(base)
        }
    }

    /// The identifier of `state`.
    subscript(state: StateID) -> String { byState[state] ?? "" }

    /// An identifier no state uses, derived from `base`.
    mutating func fresh(_ base: String) -> String {
        var candidate = base
        var suffix = 1
        while !used.insert(candidate).inserted {
            suffix += 1
            candidate = "\(base)_\(suffix)"
        }
        return candidate
    }

    /// Whether `state` kept its own id.
    func keepsName(_ state: StateID) -> Bool { byState[state] == state.rawValue }

    private static func isWord(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return text.unicodeScalars.allSatisfy(isWordScalar)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
    }
}
