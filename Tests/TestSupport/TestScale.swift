import Foundation

/// How many cases a property test runs: its default, cheap enough for every test run, times
/// `FSMVIZ_PROPERTY_SCALE` (a whole number, 1 when unset) for a longer search.
public enum TestScale {
    /// The multiplier `FSMVIZ_PROPERTY_SCALE` asks for.
    public static let factor = ProcessInfo.processInfo.environment["FSMVIZ_PROPERTY_SCALE"].flatMap { Int($0) }.map { max(1, $0) } ?? 1

    /// `base` cases, scaled.
    public static func count(_ base: Int) -> Int { base * factor }
}
