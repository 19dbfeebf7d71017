import FSMAnalysis
import FSMCore
import Testing

/// Guards that compare the same terms are read as the comparisons they are: the pairs below
/// exclude each other (or may hold together) as values do, in ECMAScript, Python and Swift
/// spellings alike.
@Suite struct GuardComparisonTests {
    static let exclusive: [(String, String)] = [
        // sismic's elevator: the destination is above, or below and not negative.
        ("destination > current", "destination < current and destination >= 0"),
        ("x > y", "x == y"), ("x > y", "y > x"), ("x <= y", "x > y"), ("a != b", "a == b"), ("a !== b", "a === b"),
        ("n == 1", "n == 2"), ("n === 'on'", "n === 'off'"), ("n >= 0", "n < 0"), ("n > 3", "n < 2"),
        ("level >= 10", "level <= 9.5"), ("0 > n", "n > 5"), ("count < 1", "count >= 1"),
        ("x == undefined", "x"), ("x === null", "x"), ("!x", "x === true"), ("x is None", "x is not None"),
        ("x == null && y > 2", "x != null"), ("ready and n > 0", "not ready or n <= 0"),
        // Swift cases written with their associated values, as the Swift reader writes them.
        ("case .failed(.transport) = state", "case .failed(.timeout) = state"),
        ("case .data(1) = self.state", "case .data(2) = self.state"), ("case .a(.x) = s", "case .b(.x) = s"),
    ]

    static let overlapping: [(String, String)] = [
        ("x > 1", "x > 2"), ("x > y", "x >= y"), ("n == 1", "m == 2"), ("n != 1", "n != 2"), ("x", "x == 3"),
        ("destination > current", "destination > 0"), ("x < y", "y < z"), ("n >= 0", "n <= 0"), ("a == 'b'", "a != 'c'"),
        ("x => x > 1", "x => x < 1"),
        // A case without its values, or binding or ignoring one, matches more than one value.
        ("case .failed = state", "case .failed(.timeout) = state"), ("case .failed(let e) = state", "case .failed(.timeout) = state"),
        ("case .pair(_, .x) = s", "case .pair(.y, _) = s"), ("case .a(.x) = s", "case .a(.x) = t"),
    ]

    static func conflicts(_ first: String, _ second: String) -> Bool {
        let machine = try? Machine(
            states: [State("s", kind: .initial), State("a"), State("b")],
            transitions: [
                Transition(from: "s", on: "go", to: "a", guard: first), Transition(from: "s", on: "go", to: "b", guard: second),
            ])
        return machine.map { !Analyzer(rules: [NondeterministicTrigger.self]).analyze($0).isEmpty } ?? true
    }

    @Test(arguments: exclusive)
    func comparisonsOfTheSameTermsExcludeEachOther(first: String, second: String) {
        #expect(!Self.conflicts(first, second))
        #expect(!Self.conflicts(second, first))
    }

    @Test(arguments: overlapping)
    func comparisonsThatCanHoldTogetherStillConflict(first: String, second: String) {
        #expect(Self.conflicts(first, second))
    }
}
