/// The little fsmviz can prove about guards, which are free text: that two guards exclude
/// each other because one is the other negated (`x` and `!x`, `not x`, `¬x`), or because one
/// is `else` / `otherwise`.
enum GuardLogic {
    static func excludeEachOther(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs = lhs.map(normalized), let rhs = rhs.map(normalized) else { return false }
        if isElse(lhs) || isElse(rhs) { return true }
        return negation(of: lhs) == rhs || negation(of: rhs) == lhs
    }

    private static func normalized(_ text: String) -> String {
        var result = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while result.hasPrefix("("), result.hasSuffix(")"), result.count >= 2 {
            result = String(result.dropFirst().dropLast()).trimmingCharacters()
        }
        return result
    }

    private static func isElse(_ text: String) -> Bool { text == "else" || text == "otherwise" }

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
