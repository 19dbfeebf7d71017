extension String {
    /// The lower-cased words of a camel-cased name (`displayMode` is `display` and `mode`, and
    /// `model` no `mode`), across the components of a qualified name.
    var camelCaseWords: [String] {
        var words: [String] = []
        var current = ""
        for character in self {
            if character.isUppercase || !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = character.isLetter || character.isNumber ? String(character) : ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// Whether the name says it holds where something is in its life (`state`, `phase`,
    /// `status`, `mode`, `stage`), as against its settings (`sortOrder`).
    var namesAState: Bool {
        camelCaseWords.contains { ["state", "phase", "status", "mode", "stage"].contains($0) }
    }
}
