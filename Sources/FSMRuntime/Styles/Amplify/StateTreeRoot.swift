/// The root of a state tree a ``ResolvingStateMachine`` runs: a ``ResolvableState`` that
/// also says where its value is in the tree's diagram.
///
/// ```swift
/// extension AuthState: StateTreeRoot {
///     var node: AuthNode { !authNState.isSignedIn ? .signedOut : isReady ? .ready : .noCredentials }
///     static let diagram = StateDiagram<AuthNode, AuthEvent.Kind>(nodes: [...], transitions: [...])
/// }
/// ```
public protocol StateTreeRoot: ResolvableState {
    /// The diagram's node identifiers.
    associatedtype Node: Hashable & Sendable

    /// The leaf of ``diagram`` this value is in. It must depend on the value only (two equal
    /// values are in the same leaf), and every leaf a resolution reaches from another must be
    /// linked to it by a declared transition.
    var node: Node { get }

    /// The tree's nodes and the transitions between its leaves.
    static var diagram: StateDiagram<Node, Event.Kind> { get }
}
