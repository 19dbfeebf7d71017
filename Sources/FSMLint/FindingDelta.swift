public import FSMAnalysis

/// The lint findings a change introduces and the ones it fixes, so that CI can fail on new
/// problems only, as a baseline does.
///
/// Findings are matched by rule and message (which names the states and events concerned),
/// not by position, so a finding that only moved in the file is neither.
public struct FindingDelta: Hashable, Sendable {
    /// Findings of the new version that the old one does not have, in the new version's order.
    public var introduced: [Finding]
    /// Findings of the old version that the new one does not have, in the old version's order.
    public var fixed: [Finding]

    /// The delta from the findings of an old version to those of a new one; a finding
    /// repeated k times is matched k times.
    public init(old: [Finding], new: [Finding]) {
        introduced = Self.unmatched(new, against: old)
        fixed = Self.unmatched(old, against: new)
    }

    /// The findings of `findings` left once each finding of `others` has matched one.
    private static func unmatched(_ findings: [Finding], against others: [Finding]) -> [Finding] {
        func key(_ finding: Finding) -> [String] { [finding.ruleID, finding.message] }
        var remaining: [[String]: Int] = [:]
        for finding in others { remaining[key(finding), default: 0] += 1 }
        return findings.filter { finding in
            guard let count = remaining[key(finding)], count > 0 else { return true }
            remaining[key(finding)] = count - 1
            return false
        }
    }

    /// Whether the change introduces a finding of `severity` or worse.
    public func introduces(atLeast severity: Severity) -> Bool {
        introduced.contains { $0.severity >= severity }
    }

    /// "2 introduced, 1 fixed", or "none introduced or fixed".
    public var summary: String {
        introduced.isEmpty && fixed.isEmpty ? "none introduced or fixed" : "\(introduced.count) introduced, \(fixed.count) fixed"
    }
}
