import Synchronization
public import Testing

/// Counts the generated cases a property test got past its input filter. A property whose
/// body returns early on input it cannot use passes however few cases it checked, so a
/// generator that drifts into producing mostly unusable input would make it vacuous; asserting
/// a minimum turns that drift into a failure.
public final class AcceptedCases: Sendable {
    private let count = Mutex(0)

    public init() {}

    /// Counts one case that reached the property's checks.
    public func add() { count.withLock { $0 += 1 } }

    /// How many cases reached the checks.
    public var value: Int { count.withLock { $0 } }

    /// Records an issue unless at least `minimum` cases reached the checks.
    public func expect(atLeast minimum: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let value = self.value
        #expect(
            value >= minimum,
            "only \(value) generated cases reached the checks (at least \(minimum) expected): the generator no longer makes enough valid input",
            sourceLocation: sourceLocation)
    }
}
