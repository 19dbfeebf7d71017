/// The little fsmviz can prove about guards, which are free text: that two guards exclude
/// each other because one is the other negated (`x` and `!x`, `not x`, `¬x`), or because one
/// is `else` / `otherwise`. ``NondeterministicTrigger`` compares the forms by number.
enum GuardLogic {
    /// A guard as compared: normalized, with what it negates.
    struct Form {
        /// The guard lowercased, its white space collapsed, outer parentheses removed.
        var text: String
        /// The normalized guard it negates (`x` for `!x`), or `nil` if it is not a negation.
        var negated: String?
        /// Whether it is `else` or `otherwise`, which excludes every other guard.
        var isElse: Bool

        init(_ guardLabel: String) {
            text = GuardLogic.normalized(guardLabel)
            negated = GuardLogic.negation(of: text)
            isElse = text == "else" || text == "otherwise"
        }
    }

    private static func normalized(_ text: String) -> String {
        var result = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while result.hasPrefix("("), result.hasSuffix(")"), result.count >= 2 {
            result = String(result.dropFirst().dropLast()).trimmingCharacters()
        }
        return result
    }

    /// `text` without a leading negation, or `nil` if it is not negated.
    private static func negation(of text: String) -> String? {
        for prefix in ["!", "not ", "¬"] where text.hasPrefix(prefix) {
            return normalized(String(text.dropFirst(prefix.count)))
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
