/// How serious a finding is. Ordered: `info < warning < error`.
public enum Severity: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
    /// Worth knowing; never fails a build by default.
    case info
    /// Probably a mistake; the author should confirm.
    case warning
    /// A defect: the machine cannot behave as written.
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
