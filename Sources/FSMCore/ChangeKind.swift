/// What happened to one element of a machine between two versions.
public enum ChangeKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// Only the new version has it.
    case added
    /// Only the old version has it.
    case removed
    /// Both versions have it, differently.
    case changed

    /// The kind of the same change seen from the other side: added and removed swap.
    public var inverted: ChangeKind {
        switch self {
        case .added: .removed
        case .removed: .added
        case .changed: .changed
        }
    }

    /// The kind of a change between `old` and `new`, where at least one exists.
    package static func between(_ old: (some Any)?, _ new: (some Any)?) -> ChangeKind {
        old == nil ? .added : (new == nil ? .removed : .changed)
    }
}
