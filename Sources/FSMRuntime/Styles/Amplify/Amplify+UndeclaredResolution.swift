extension Amplify {
    /// A resolution the declared diagram does not declare: in `state`, `event` changes the
    /// state or asks for actions, but no declared transition on its kind leads from the
    /// state's leaf to the new state's leaf. The resolvers and the diagram disagree.
    public struct UndeclaredResolution<Root: DiagramDeclaring>: Sendable, CustomStringConvertible {
        /// The state the event was resolved in.
        public let state: Root
        /// The event.
        public let event: any StateMachineEvent
        /// What the resolver returned.
        public let resolution: StateResolution<Root>

        /// `NoCredentials --didSignIn--> NoCredentials / getCreds()`: the leaves, the event's
        /// `type`, and the actions' identifiers.
        public var description: String {
            let actions = resolution.actions.map(\.identifier)
            let effects = actions.isEmpty ? "" : " / " + actions.joined(separator: ", ")
            return "\(state.node) --\(event.type)--> \(resolution.newState.node)\(effects)"
        }
    }
}
