extension DDStateMachine {
    /// A builder that gathers `on` hooks before its transition is registered: the three
    /// `shouldTransit` builders share how a hook is added, each keeping `on` as its public entry.
    protocol HookCollecting {
        associatedtype ExtraState: ExtraStateProtocol
        var actions: [OnAction<ExtraState>] { get set }
    }
}

extension DDStateMachine.HookCollecting {
    /// A copy of the builder with `action` added after the hooks it has, so chained `on` calls
    /// run in the order they were written.
    func adding(_ label: String, _ action: @escaping @Sendable (inout ExtraState) -> Void) -> Self {
        var copy = self
        copy.actions.append(DDStateMachine.OnAction(label: label, body: action))
        return copy
    }
}
