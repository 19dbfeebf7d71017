/// A guard's comparison of two terms (`destination > current`, `n == 1`, `x === null`,
/// `x is not None`), read as the relations between them it allows, so that comparisons of the
/// same terms can exclude each other: `x > y` excludes `x < y` and `x == y`, `n == 1` excludes
/// `n == 2`, `n >= 0` excludes `n < 0`.
///
/// The terms are normalized text; a literal (a number, a quoted string, `true`, `false`, or
/// `null`, `undefined` and `None` alike) is always the right-hand term, and two non-literal terms
/// are ordered by their text, so `y < x` and `x > y` are one comparison.
struct GuardComparison: Hashable, Sendable {
    enum Relation: Hashable, Sendable, CaseIterable {
        case less, equal, greater

        var mirrored: Relation {
            switch self {
            case .less: .greater
            case .equal: .equal
            case .greater: .less
            }
        }
    }

    /// A literal right-hand term.
    enum Literal: Hashable, Sendable {
        case number(Double)
        /// A string's text, `true`, `false` or `null`, each spelled apart (`'true'` is a string).
        case text(String)
    }

    let left: String
    let right: String
    /// What the comparison allows of `left` against `right`.
    let relations: Set<Relation>
    let literal: Literal?

    /// The operators as SCXML's ECMAScript, XState's JavaScript, Python and Swift write them,
    /// longest first so that `===` is not read as `==`.
    private static let operators: [(text: String, relations: Set<Relation>)] = [
        (" is not ", [.less, .greater]), (" is ", [.equal]),
        ("===", [.equal]), ("!==", [.less, .greater]), ("==", [.equal]), ("!=", [.less, .greater]),
        ("<=", [.less, .equal]), (">=", [.greater, .equal]), ("<", [.less]), (">", [.greater]),
    ]

    /// The comparison `text` (normalized) is, or `nil` when it is not exactly one comparison of
    /// two terms.
    init?(_ text: String) {
        if let (pattern, subject) = Self.swiftCaseMatch(text) {
            left = subject
            right = pattern
            relations = [.equal]
            literal = .text(pattern)
            return
        }
        guard
            let (position, found) = Self.operators.lazy.compactMap({ candidate in
                text.firstRange(of: candidate.text).map { ($0, candidate) }
            }).first
        else { return nil }
        let left = String(text[..<position.lowerBound]).trimmed
        let right = String(text[position.upperBound...]).trimmed
        // One comparison of two plain terms only: `a < b < c`, `x => x > 1` and `a = b` are not.
        guard !left.isEmpty, !right.isEmpty, !(left + right).contains(where: "=<>!".contains),
            !found.text.hasPrefix(" ") || (Self.isTerm(left) && right == "none")
        else { return nil }
        var relations = found.relations
        var (subject, other) = (left, right)
        var literal = Self.literal(right)
        if literal == nil, let leftLiteral = Self.literal(left) {
            (subject, other, literal) = (right, left, leftLiteral)
            relations = Set(relations.map(\.mirrored))
        } else if literal == nil, left > right {
            (subject, other) = (right, left)
            relations = Set(relations.map(\.mirrored))
        }
        guard Self.literal(subject) == nil else { return nil }
        self.left = subject
        self.right = literal.map(Self.spelled) ?? other
        self.relations = relations
        self.literal = literal
    }

    /// The literal `text` spells, with `undefined` and `None` read as `null`.
    static func literal(_ text: String) -> Literal? {
        if let number = Double(text) { return .number(number) }
        if ["null", "undefined", "none", "nil"].contains(text) { return .text("null") }
        if ["true", "false"].contains(text) { return .text(text) }
        guard text.count >= 2, let quote = text.first, quote == "'" || quote == "\"", text.last == quote,
            !text.dropFirst().dropLast().contains(where: { $0 == "'" || $0 == "\"" || $0 == "\\" })
        else { return nil }
        return .text("'" + text.dropFirst().dropLast() + "'")
    }

    /// Swift's `case .failed(.transport) = state` (normalized), when the case is written with
    /// every associated value given, no binding and no `_`: `state` then equals one value, as
    /// with a literal, and two such cases exclude each other. A case written without its values
    /// (`case .failed = state`) matches all of them, so it is no such comparison.
    private static func swiftCaseMatch(_ text: String) -> (pattern: String, subject: String)? {
        guard text.hasPrefix("case ."), let equals = text.ranges(of: " = ").last else { return nil }
        let pattern = String(text[text.index(text.startIndex, offsetBy: 5)..<equals.lowerBound]).trimmed
        let subject = String(text[equals.upperBound...]).trimmed
        let words = pattern.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        guard pattern.contains("("), isTerm(subject), !words.contains(where: { ["let", "var", "_"].contains($0) }),
            !pattern.contains(where: { "=<>!&|".contains($0) })
        else { return nil }
        return (pattern, subject)
    }

    private static func spelled(_ literal: Literal) -> String {
        switch literal {
        case .number(let value): "\(value)"
        case .text(let text): text
        }
    }

    /// Whether `text` is a plain term (a name, a path, an index), which a bare condition tests
    /// for truth: `x` in `x && y`.
    static func isTerm(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "_.$[]'\"".contains($0) } && literal(text) == nil
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
