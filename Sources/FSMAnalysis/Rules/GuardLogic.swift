import FSMCore

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

extension GuardLogic {
    /// The most unknowns a question about guards enumerates (2^12 assignments); with more, the
    /// guards are taken as possibly holding together, as an unreadable guard is.
    static let variableLimit = 12

    /// Whether all of `formulas` can hold at once, reading `In(...)` against `machine`: two
    /// states that can never be active together (neither contains the other, and no parallel
    /// state holds them in different regions) are never both in; comparisons of the same terms
    /// hold as values allow (``ComparisonTheory``). `true` when it cannot tell.
    static func canHoldTogether(_ formulas: [GuardExpression], in machine: Machine) -> Bool {
        let variables = GuardExpression.and(formulas).variables
        guard variables.count <= variableLimit else { return true }
        let states = variables.enumerated().compactMap { position, variable -> (Int, StateID)? in
            guard case .inState(let name) = variable, machine.state(StateID(name)) != nil else { return nil }
            return (position, StateID(name))
        }
        var excluded: [(Int, Int)] = []
        for (first, (position, state)) in states.enumerated() {
            for (other, otherState) in states.dropFirst(first + 1)
            where !canBeActiveTogether(state, otherState, in: machine) {
                excluded.append((position, other))
            }
        }
        // `case .success = result` and `case .failure = result` (Swift's pattern tests, as the
        // Swift reader writes a branch of a `switch` on another value) hold of different cases.
        let patterns = variables.enumerated().compactMap { position, variable -> (Int, CaseTest)? in
            guard case .condition(let text) = variable, let test = CaseTest(text) else { return nil }
            return (position, test)
        }
        for (first, (position, test)) in patterns.enumerated() {
            for (other, otherTest) in patterns.dropFirst(first + 1) where otherTest.subject == test.subject && otherTest.caseName != test.caseName {
                excluded.append((position, other))
            }
        }
        let comparisons = variables.enumerated().compactMap { position, variable -> (Int, GuardComparison)? in
            guard case .compare(let comparison) = variable else { return nil }
            return (position, comparison)
        }
        let tested = variables.enumerated().compactMap { position, variable -> (Int, String)? in
            guard case .condition(let text) = variable, GuardComparison.isTerm(text) else { return nil }
            return (position, text)
        }
        for bits in 0..<(1 << variables.count) {
            let assignment = variables.indices.map { bits & (1 << $0) != 0 }
            if excluded.contains(where: { assignment[$0.0] && assignment[$0.1] }) { continue }
            if !comparisons.isEmpty,
                !ComparisonTheory.isConsistent(
                    comparisons.map { ($0.1, assignment[$0.0]) }, truths: tested.map { ($0.1, assignment[$0.0]) })
            {
                continue
            }
            if formulas.allSatisfy({ $0.value(assignment, of: variables) }) { return true }
        }
        return false
    }

    /// Whether `first` and `second` can be active at the same time.
    static func canBeActiveTogether(_ first: StateID, _ second: StateID, in machine: Machine) -> Bool {
        first == second || machine.isDescendant(first, of: second) || machine.isDescendant(second, of: first)
            || machine.areOrthogonal(first, second)
    }
}

/// A transition's guard as a formula, true when unguarded.
struct GuardReader: Sendable {
    /// Whether guards may use SCXML's `In('state')`.
    var readsInState: Bool

    func formula(_ guardLabel: String?) -> GuardExpression {
        guardLabel.map { GuardExpression($0, readsInState: readsInState) } ?? .and([])
    }
}

extension GuardLogic {
    /// A Swift pattern test of one enum case, `case .success(let items) = result` or `case let
    /// .failure(error) = result`: true of one case of its subject, so false where another holds.
    struct CaseTest: Equatable {
        let caseName: String
        let subject: String

        init?(_ text: String) {
            guard text.hasPrefix("case "), let equals = text.indices.last(where: { text[$0...].hasPrefix(" = ") }) else { return nil }
            var pattern = text[text.index(text.startIndex, offsetBy: 5)..<equals].drop { $0 == " " }
            for binding in ["let ", "var "] where pattern.hasPrefix(binding) { pattern = pattern.dropFirst(binding.count) }
            guard pattern.hasPrefix(".") else { return nil }
            let name = pattern.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let rest = pattern.dropFirst(1 + name.count)
            // A compound pattern (`.a, .b`, `.a where x`) is more than one case test.
            guard !name.isEmpty, rest.isEmpty || rest.hasPrefix("("), !rest.contains(" where "), !text.contains("||"), !text.contains("&&") else { return nil }
            caseName = String(name)
            subject = String(text[text.index(equals, offsetBy: 3)...]).trimmingCharacters()
            guard !subject.isEmpty, !subject.contains(" ") else { return nil }
        }
    }
}
