/// What role a state plays in its machine or in its parent compound state.
public enum StateKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// An ordinary state.
    case normal
    /// The state a machine starts in; for a child state, the one its parent enters first.
    case initial
    /// A state in which the machine (or its parent compound state) is done.
    case final
}
