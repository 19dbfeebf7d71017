/// A resolution the diagram does not declare: in `state`, `event` changes the state or
/// returns effects, but no declared transition on that event leads from the state's leaf to
/// the new state's leaf. A machine would refuse the event there, so the reducer and the
/// diagram disagree.
public struct UndeclaredResolution<Root: StateTreeRoot>: Sendable, CustomStringConvertible {
    /// The state the event was resolved in.
    public let state: Root
    /// The event.
    public let event: Root.Event
    /// What `resolve` returned.
    public let resolution: StateResolution<Root>

    /// `NoCredentials --didSignIn--> NoCredentials / getCreds()`.
    public var description: String {
        let effects = resolution.effectLabels.isEmpty ? "" : " / " + resolution.effectLabels.joined(separator: ", ")
        return "\(state.node) --\(event.kind)--> \(resolution.newState.node)\(effects)"
    }
}
