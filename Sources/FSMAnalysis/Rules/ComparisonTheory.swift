/// Whether comparisons taken as true or false can hold together, the way values behave: two
/// terms stand in one relation at a time, and a term compared with literals takes one value
/// (a number when it is ordered against numbers) whose truthiness a bare test of it reads.
///
/// It decides only what the comparisons themselves say: `x < y`, `y < z` and `z < x` are taken as
/// possible together (no transitivity), and a string is never ordered against another.
enum ComparisonTheory {
    /// `facts`: comparisons and whether each is taken as true; `truths`: terms tested bare
    /// (`x`, `!x`) and whether each is taken as truthy.
    static func isConsistent(_ facts: [(GuardComparison, Bool)], truths: [(String, Bool)]) -> Bool {
        var between: [[String]: Set<GuardComparison.Relation>] = [:]
        var againstLiterals: [String: [(GuardComparison.Literal, Set<GuardComparison.Relation>)]] = [:]
        for (comparison, holds) in facts {
            let allowed = holds ? comparison.relations : Set(GuardComparison.Relation.allCases).subtracting(comparison.relations)
            if let literal = comparison.literal {
                againstLiterals[comparison.left, default: []].append((literal, allowed))
            } else {
                let pair = [comparison.left, comparison.right]
                let narrowed = (between[pair] ?? Set(GuardComparison.Relation.allCases)).intersection(allowed)
                if narrowed.isEmpty { return false }
                between[pair] = narrowed
            }
        }
        var truthiness: [String: Bool] = [:]
        for (term, truthy) in truths {
            if let earlier = truthiness[term], earlier != truthy { return false }
            truthiness[term] = truthy
        }
        for subject in Set(againstLiterals.keys).union(truthiness.keys) {
            let constraints = againstLiterals[subject] ?? []
            if !candidates(for: constraints).contains(where: { value in
                constraints.allSatisfy { satisfies(value, $0.1, against: $0.0) }
                    && truthiness[subject].map { isTruthy(value) == $0 } != false
            }) {
                return false
            }
        }
        return true
    }

    /// A value a term can take, as far as literals go: a literal, a number between or beyond the
    /// numeric literals, or `other`, a value equal to no literal.
    private enum Value {
        case literal(GuardComparison.Literal)
        case other
    }

    /// Values that stand for every way of meeting `constraints`: their bounds change only at
    /// the literals, so the literals, the points between them and beyond them, and one value
    /// equal to none (when no constraint orders the term against a number) cover every case.
    private static func candidates(for constraints: [(GuardComparison.Literal, Set<GuardComparison.Relation>)]) -> [Value] {
        var numbers: [Double] = []
        var values: [Value] = [.literal(.text("null")), .literal(.text("false")), .literal(.number(0)), .literal(.text("''"))]
        var ordered = false
        for (literal, relations) in constraints {
            values.append(.literal(literal))
            if case .number(let number) = literal {
                numbers.append(number)
                ordered = ordered || relations != [.equal] && relations != [.less, .greater]
            }
        }
        numbers = Array(Set(numbers)).sorted()
        if let first = numbers.first, let last = numbers.last {
            values += [.literal(.number(first - 1)), .literal(.number(last + 1))]
            values += zip(numbers, numbers.dropFirst()).map { .literal(.number(($0 + $1) / 2)) }
        }
        if ordered {
            return values.filter { if case .literal(.number) = $0 { true } else { false } }
        }
        return values + [.other]
    }

    /// Whether `value` stands in one of `allowed` to `literal`. Unequal values of kinds that are
    /// not ordered against each other (a string and a number) meet any constraint allowing either order.
    private static func satisfies(_ value: Value, _ allowed: Set<GuardComparison.Relation>, against literal: GuardComparison.Literal) -> Bool {
        switch (value, literal) {
        case (.literal(.number(let number)), .number(let other)):
            allowed.contains(number < other ? .less : number > other ? .greater : .equal)
        case (.literal(let written), _) where written == literal:
            allowed.contains(.equal)
        default:
            allowed.contains(.less) || allowed.contains(.greater)
        }
    }

    private static func isTruthy(_ value: Value) -> Bool {
        switch value {
        case .literal(.number(let number)): number != 0
        case .literal(.text(let text)): !["null", "false", "''"].contains(text)
        case .other: true
        }
    }
}
