extension DDStateMachine {
    /// A transition's source and target before its trigger is known: what `a ~> b` makes, for
    /// ``StateMachineBuilder``'s `shouldTransit`.
    ///
    /// The source's type decides what the transition can be triggered by: from a
    /// ``WorkStateBuilder`` it may also depend on the work's result (`ifResult`), with the result's
    /// type checked by the compiler.
    public struct StateDirection<Source: StateBuilding, Target: StateBuilding>
    where Source.State == Target.State, Source.Event == Target.Event, Source.ExtraState == Target.ExtraState {
        /// The state the transition leaves.
        public let source: Source
        /// The state it enters.
        public let target: Target

        /// A direction from `source` to `target`; `source ~> target` says the same.
        public init(_ source: Source, _ target: Target) {
            self.source = source
            self.target = target
        }
    }
}

/// The direction from `source` to `target`, as DDStateMachine spells it:
/// `builder.shouldTransit(notSynced ~> inProgress)`.
public func ~> <Source: DDStateMachine.StateBuilding, Target: DDStateMachine.StateBuilding>(source: Source, target: Target)
    -> DDStateMachine.StateDirection<Source, Target>
where Source.State == Target.State, Source.Event == Target.Event, Source.ExtraState == Target.ExtraState {
    DDStateMachine.StateDirection(source, target)
}
