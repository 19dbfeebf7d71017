public import FSMCore

/// Why a ``DiagramSelection`` cannot be applied to a machine.
public enum DiagramSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The focus names no state of the machine; `suggestion` is a close state name, if any.
    case unknownFocus(StateID, suggestion: StateID?)
    /// The radius is negative.
    case negativeRadius(Int)
    /// The collapse depth is below 1 (top-level states are at depth 1).
    case collapseDepthTooSmall(Int)

    public var description: String {
        switch self {
        case .unknownFocus(let state, let suggestion):
            return "cannot focus on '\(state)': the machine has no such state"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .negativeRadius(let radius):
            return "the focus radius must be 0 or more, not \(radius)"
        case .collapseDepthTooSmall(let depth):
            return "the collapse depth must be 1 or more (top-level states are at depth 1), not \(depth)"
        }
    }
}
