/// An event a ``ResolvingStateMachine`` resolves (Amplify's `StateMachineEvent`).
///
/// Events carry payloads (`signIn(user, pass)`, `didGetCreds(result)`); their ``kind`` is
/// the payload-free name that diagrams and the runtime's rules use, so that
/// `didGetCreds(["token": "abc"])` and `didGetCreds([:])` are one event of the diagram.
/// Amplify names events by a `type` string; a typed kind lets the compiler check diagrams.
public protocol StateMachineEvent: Sendable {
    /// The event's name without its payload.
    associatedtype Kind: Hashable & Sendable
    /// This event's kind.
    var kind: Kind { get }
}
