/// Whether a transition from a compound state to its own descendants leaves the compound state.
///
/// The distinction is SCXML's `type` attribute and XState's `reenter`: an external transition
/// exits its source and enters its targets anew, so a compound state's children are reset even
/// when the targets lie inside it; an internal one stays in the compound state.
public enum TransitionKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Exits the source (and every active descendant) before entering the targets.
    case external
    /// Does not exit a compound source whose descendants it targets; for any other transition
    /// it means the same as ``external``, as in SCXML.
    case `internal`
}
