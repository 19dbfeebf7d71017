public import FSMCore

/// Why a ``DiagramSelection`` cannot be applied to a machine.
///
/// A struct over a private set of cases, as swift-argument-parser's `CleanExit` is, so a new
/// way for a selection to be wrong is no breaking change. ``focus`` says which state the
/// focus named, for a caller that looks for a better suggestion.
public struct DiagramSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case unknownFocus(StateID, suggestion: StateID?)
        case negativeRadius(Int)
        case collapseDepthTooSmall(Int)
    }

    let kind: Kind

    /// The focus names no state of the machine; `suggestion` is a close state name, if any.
    public static func unknownFocus(_ state: StateID, suggestion: StateID?) -> DiagramSelectionError {
        DiagramSelectionError(kind: .unknownFocus(state, suggestion: suggestion))
    }

    /// The radius is negative.
    public static func negativeRadius(_ radius: Int) -> DiagramSelectionError {
        DiagramSelectionError(kind: .negativeRadius(radius))
    }

    /// The collapse depth is below 1 (top-level states are at depth 1).
    public static func collapseDepthTooSmall(_ depth: Int) -> DiagramSelectionError {
        DiagramSelectionError(kind: .collapseDepthTooSmall(depth))
    }

    /// The state the focus named, when the error is that the machine has no such state.
    public var focus: StateID? {
        if case .unknownFocus(let state, _) = kind { return state }
        return nil
    }

    /// The close state name proposed for an unknown focus, if any.
    public var suggestion: StateID? {
        if case .unknownFocus(_, let suggestion) = kind { return suggestion }
        return nil
    }

    public var description: String {
        switch kind {
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
