extension Stated {
    /// A side effect with a description for diagrams: what it does, and which inputs it
    /// sends back to the machine.
    ///
    /// ```swift
    /// let initialize = Stated.SideEffect("initialize (sends upgrade or indexDatabase)") { machine in
    ///     machine.send(upgradeService.isUpgradePending ? Inputs.upgrade : Inputs.indexDatabase)
    /// }
    /// ```
    ///
    /// A side effect runs after the machine entered the mapping's target. Inputs it sends
    /// are queued and processed once the current input completes, in the order sent.
    public struct SideEffect: Sendable {
        /// What the side effect does; drawn as the transition's effect.
        public let label: String
        let body: @Sendable (StateMachine) -> Void

        /// Creates a side effect described by `label`.
        @preconcurrency public init(_ label: String, _ body: @escaping @Sendable (StateMachine) -> Void) {
            self.label = label
            self.body = body
        }

        /// The label a side effect given as a bare closure is drawn with.
        static let unlabelled = "side effect"
    }
}
