import FSMAnalysis
import FSMCore
import PropertyBased
import TestSupport
import Testing

/// `nondeterministic-trigger` finds the first conflicting pair of guarded transitions in one
/// pass; it must report the pair that comparing every pair in order reports, and stay linear
/// when thousands of transitions share a state and an event.
@Suite struct NondeterministicTriggerTests {
    /// Guards with what they mean over two conditions `a` and `b` (`nil` for `else`, which
    /// excludes every other guard): the rule reads `!`, `not`, `¬`, `and` and parentheses.
    static let guards: [(label: String, holds: (@Sendable (Bool, Bool) -> Bool)?)] = [
        ("a", { a, _ in a }), ("!a", { a, _ in !a }), ("not a", { a, _ in !a }), ("¬ A", { a, _ in !a }),
        ("(a)", { a, _ in a }), ("!!a", { a, _ in a }), ("!(!a)", { a, _ in a }), ("b", { _, b in b }),
        ("!b", { _, b in !b }), ("a  and b", { a, b in a && b }), ("else", nil), ("Otherwise", nil),
    ]

    static func excludes(_ lhs: Int, _ rhs: Int) -> Bool {
        guard let first = guards[lhs].holds, let second = guards[rhs].holds else { return true }
        return ![(false, false), (false, true), (true, false), (true, true)].contains { first($0.0, $0.1) && second($0.0, $0.1) }
    }

    @Test func reportsThePairThatComparingEveryPairFindsFirst() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 1500, input: Gen.int(in: 0...1_000_000).array(of: 2...60)) { numbers in
            var iterator = numbers.makeIterator()
            func next(_ bound: Int) -> Int { (iterator.next() ?? 0) % bound }
            let targets = 1 + next(3)
            let choices = (0..<(2 + next(12))).map { _ in (guardIndex: next(Self.guards.count), target: next(targets)) }
            let transitions = choices.enumerated().map { position, choice in
                Transition(
                    from: "s", on: "go", to: StateID("t\(choice.target)"), guard: Self.guards[choice.guardIndex].label,
                    location: SourceLocation(line: position + 1, column: 1))
            }
            let states = [State("s", kind: .initial)] + (0..<targets).map { State(StateID("t\($0)")) }
            guard let machine = try? Machine(states: states, transitions: transitions) else { return }
            accepted.add()
            var expected: [Int]?
            search: for first in choices.indices {
                for second in choices.indices where first < second && choices[first].target != choices[second].target {
                    if Self.excludes(choices[first].guardIndex, choices[second].guardIndex) { continue }
                    expected = [first + 1, second + 1]
                    break search
                }
            }
            let findings = Analyzer(rules: [NondeterministicTrigger.self]).analyze(machine)
            var reported: [Int]?
            if case .transitions(let pair) = findings.first?.witness { reported = pair.compactMap { $0.location?.line } }
            #expect(findings.count == (expected == nil ? 0 : 1))
            #expect(reported == expected, "\(choices)")
        }
        accepted.expect(atLeast: 1_350)
    }

    /// 20,000 transitions on one event alternate between `x` to one state and `!x` to
    /// another: every pair is exclusive or shares its target, so comparing pairs would make
    /// 200 million comparisons of guards.
    @Test func twentyThousandExclusiveTransitionsAreCheckedInOnePass() throws {
        let transitions = (0..<20_000).map { index in
            Transition(from: "s", on: "go", to: index.isMultiple(of: 2) ? "a" : "b", guard: index.isMultiple(of: 2) ? "x" : "!x")
        }
        let machine = try Machine(states: [State("s", kind: .initial), State("a"), State("b")], transitions: transitions)
        #expect(Analyzer(rules: [NondeterministicTrigger.self]).analyze(machine).isEmpty)
        let clash = try Machine(
            states: [State("s", kind: .initial), State("a"), State("b"), State("c")],
            transitions: transitions + [Transition(from: "s", on: "go", to: "c", guard: "y")])
        let findings = Analyzer(rules: [NondeterministicTrigger.self]).analyze(clash)
        #expect(
            findings.map(\.message) == [
                "state 's' has transitions on event 'go' to 'a' and 'c' whose guards may both hold; confirm they exclude each other"
            ])
    }

    /// A parenthesized operand a comparison goes on from is part of its condition, so the rest
    /// of the guard still reads: `!catch` and `catch` exclude each other beside it.
    @Test func aParenthesizedOperandOfAComparisonIsPartOfItsCondition() throws {
        let exclusive = try Machine(
            states: [State("s", kind: .initial), State("a"), State("b")],
            transitions: [
                Transition(from: "s", on: "go", to: "a", guard: "(error as? Timeout) != nil && !catch"),
                Transition(from: "s", on: "go", to: "b", guard: "(error as? Timeout) != nil && catch"),
            ])
        #expect(Analyzer(rules: [NondeterministicTrigger.self]).analyze(exclusive).isEmpty)
        let overlapping = try Machine(
            states: [State("s", kind: .initial), State("a"), State("b")],
            transitions: [
                Transition(from: "s", on: "go", to: "a", guard: "(error as? Timeout) != nil"),
                Transition(from: "s", on: "go", to: "b", guard: "(a || b) && catch"),
            ])
        #expect(Analyzer(rules: [NondeterministicTrigger.self]).analyze(overlapping).count == 1)
    }
}
