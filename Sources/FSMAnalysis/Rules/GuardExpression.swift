/// A guard read as a boolean formula over opaque conditions, so the analysis can tell when
/// two guards exclude each other or one implies another.
///
/// Guards are free text. What reads as a formula is read: `!`, `not`, `&&`, `and`, `||`,
/// `or` and parentheses, (in SCXML) `In('state')`, and comparisons of two terms
/// (``GuardComparison``). Every other stretch of text is one opaque condition, equal only to
/// the same text (case and white space aside), so a guard the analysis cannot read stays a
/// single unknown, as before.
indirect enum GuardExpression: Hashable, Sendable {
    /// A condition the analysis cannot read, normalized.
    case condition(String)
    /// SCXML's `In('state')`: whether that state is active.
    case inState(String)
    /// A comparison of two terms, which comparisons of the same terms can exclude.
    case compare(GuardComparison)
    case not(GuardExpression)
    case and([GuardExpression])
    case or([GuardExpression])

    /// The formula `text` reads as; `In(...)` is read only when `readsInState`.
    init(_ text: String, readsInState: Bool) {
        var parser = Parser(tokens: Self.tokens(text, readsInState: readsInState))
        if let expression = parser.disjunction(), parser.isAtEnd {
            self = expression
        } else {
            self = .condition(Self.normalized(text))
        }
    }

    /// The unknowns the formula depends on, in order of first use.
    var variables: [GuardExpression] {
        var result: [GuardExpression] = []
        func visit(_ expression: GuardExpression) {
            switch expression {
            case .condition, .inState, .compare: if !result.contains(expression) { result.append(expression) }
            case .not(let inner): visit(inner)
            case .and(let items), .or(let items): items.forEach(visit)
            }
        }
        visit(self)
        return result
    }

    /// The formula's value when each unknown in `variables` has the value at the same position.
    func value(_ assignment: [Bool], of variables: [GuardExpression]) -> Bool {
        switch self {
        case .condition, .inState, .compare: assignment[variables.firstIndex(of: self) ?? 0]
        case .not(let inner): !inner.value(assignment, of: variables)
        case .and(let items): items.allSatisfy { $0.value(assignment, of: variables) }
        case .or(let items): items.contains { $0.value(assignment, of: variables) }
        }
    }

    /// A condition: a comparison of two terms where it is one, else opaque text.
    static func comparison(_ text: String) -> GuardExpression {
        GuardComparison(text).map { .compare($0) } ?? .condition(text)
    }

    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: - Reading

    private enum Token: Equatable {
        case open, close, not, and, or
        case text(String)
        case inState(String)
    }

    /// Operators at parenthesis depth zero of the surrounding text; a condition's own
    /// parentheses and brackets (`f(a, b)`, `x[0]`) and quoted strings stay inside it.
    private static func tokens(_ text: String, readsInState: Bool) -> [Token] {
        let characters = Array(text)
        var tokens: [Token] = []
        var pending = ""
        var index = 0
        func flush() {
            let trimmed = normalized(pending)
            if !trimmed.isEmpty { tokens.append(.text(trimmed)) }
            pending = ""
        }
        func startsWord(_ word: String) -> Bool {
            let letters = Array(word)
            guard index + letters.count <= characters.count,
                String(characters[index..<index + letters.count]).lowercased() == word
            else { return false }
            let before = index == 0 ? " " : characters[index - 1]
            let after = index + letters.count == characters.count ? " " : characters[index + letters.count]
            return !(before.isLetter || before.isNumber || before == "_" || before == "." || before == "$")
                && !(after.isLetter || after.isNumber || after == "_" || after == ".")
        }
        let startsOperand: () -> Bool = { pending.allSatisfy(\.isWhitespace) }
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if readsInState, startsOperand(), startsWord("in"), let (state, end) = inCall(characters, from: index + 2) {
                flush()
                tokens.append(.inState(state))
                index = end
            } else if character == "(", startsOperand(), let end = groupEnd(characters, from: index), continuesCondition(characters, after: end) {
                // A group a comparison goes on from (`(error as? Timeout) != nil`) is the
                // condition's own operand, not a group of conditions.
                pending += String(characters[index..<end])
                index = end
            } else if character == "(", startsOperand() {
                flush()
                tokens.append(.open)
                index += 1
            } else if character == ")" {
                flush()
                tokens.append(.close)
                index += 1
            } else if character == "¬" || (character == "!" && next != "="), startsOperand() {
                flush()
                tokens.append(.not)
                index += 1
            } else if (character == "&" && next == "&") || (character == "|" && next == "|") {
                flush()
                tokens.append(character == "&" ? .and : .or)
                index += 2
            } else if startsOperand(), startsWord("not") {
                flush()
                tokens.append(.not)
                index += 3
            } else if startsWord("and") || startsWord("or") {
                let isAnd = startsWord("and")
                flush()
                tokens.append(isAnd ? .and : .or)
                index += isAnd ? 3 : 2
            } else if let end = groupEnd(characters, from: index) {
                pending += String(characters[index..<end])
                index = end
            } else {
                pending.append(character)
                index += 1
            }
        }
        flush()
        return tokens
    }

    /// Whether the text after a group at `end` goes on with the same condition: anything but
    /// the end, a closing parenthesis or a logical operator.
    private static func continuesCondition(_ characters: [Character], after end: Int) -> Bool {
        var index = end
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        guard index < characters.count else { return false }
        let next = characters[index]
        let following = index + 1 < characters.count ? characters[index + 1] : " "
        if next == ")" || (next == "&" && following == "&") || (next == "|" && following == "|") { return false }
        let rest = String(characters[index...]).lowercased()
        return !(rest.hasPrefix("and ") || rest.hasPrefix("or ") || rest == "and" || rest == "or")
    }

    /// For `In` followed by `('name')` or `("name")` at `start`: the name and the position after
    /// the closing parenthesis.
    private static func inCall(_ characters: [Character], from start: Int) -> (String, Int)? {
        var index = start
        func skipSpaces() { while index < characters.count, characters[index].isWhitespace { index += 1 } }
        skipSpaces()
        guard index < characters.count, characters[index] == "(" else { return nil }
        index += 1
        skipSpaces()
        guard index < characters.count, characters[index] == "'" || characters[index] == "\"" else { return nil }
        let quote = characters[index]
        index += 1
        let nameStart = index
        while index < characters.count, characters[index] != quote { index += 1 }
        guard index < characters.count else { return nil }
        let name = String(characters[nameStart..<index])
        index += 1
        skipSpaces()
        guard index < characters.count, characters[index] == ")", !name.isEmpty else { return nil }
        return (name, index + 1)
    }

    /// The end of a quoted string, or of a bracketed or parenthesized group that belongs to a
    /// condition (a call's arguments), starting at `start`; `nil` if none starts there.
    private static func groupEnd(_ characters: [Character], from start: Int) -> Int? {
        let character = characters[start]
        if character == "'" || character == "\"" {
            var index = start + 1
            while index < characters.count, characters[index] != character { index += characters[index] == "\\" ? 2 : 1 }
            return min(index + 1, characters.count)
        }
        guard character == "(" || character == "[" else { return nil }
        var depth = 0
        var index = start
        while index < characters.count {
            if characters[index] == "(" || characters[index] == "[" { depth += 1 }
            if characters[index] == ")" || characters[index] == "]" { depth -= 1 }
            index += 1
            if depth == 0 { return index }
        }
        return nil
    }

    /// Recursive descent over the tokens: `or` binds loosest, then `and`, then `not`.
    private struct Parser {
        var tokens: [Token]
        var position = 0

        var isAtEnd: Bool { position == tokens.count }

        mutating func disjunction() -> GuardExpression? {
            guard let first = conjunction() else { return nil }
            var items = [first]
            while position < tokens.count, tokens[position] == .or {
                position += 1
                guard let next = conjunction() else { return nil }
                items.append(next)
            }
            return items.count == 1 ? first : .or(items)
        }

        mutating func conjunction() -> GuardExpression? {
            guard let first = negation() else { return nil }
            var items = [first]
            while position < tokens.count, tokens[position] == .and {
                position += 1
                guard let next = negation() else { return nil }
                items.append(next)
            }
            return items.count == 1 ? first : .and(items)
        }

        mutating func negation() -> GuardExpression? {
            guard position < tokens.count else { return nil }
            switch tokens[position] {
            case .not:
                position += 1
                return negation().map { .not($0) }
            case .open:
                position += 1
                guard let inner = disjunction(), position < tokens.count, tokens[position] == .close else { return nil }
                position += 1
                return inner
            case .text(let text):
                position += 1
                // The constants as SCXML's data models and Python write them.
                if text == "true" { return .and([]) }
                if text == "false" { return .or([]) }
                // A typed clause (`catch let error as Timeout`, as the Swift reader writes it)
                // holds only where something was caught at all, so `!catch` excludes it.
                for kind in ["catch", "inner catch"] where text.hasPrefix(kind + " ") {
                    return .and([.condition(kind), GuardExpression.comparison(text)])
                }
                return GuardExpression.comparison(text)
            case .inState(let state):
                position += 1
                return .inState(state)
            case .close, .and, .or:
                return nil
            }
        }
    }
}
