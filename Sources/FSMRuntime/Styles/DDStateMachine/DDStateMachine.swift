/// DDStateMachine's builder on fsmviz's runtime, with its own names: a
/// ``StateMachineBuilder`` is told each transition as a chain,
/// `builder.shouldTransit(a ~> b).by(event: .e).immediately()`, between ``StateBuilder``s and
/// ``WorkStateBuilder``s (states that run work when entered, whose result picks the way out),
/// and builds a ``BuiltStateMachine`` that shares an ``ExtraStateProtocol`` value across its
/// states.
///
/// ```swift
/// typealias Builder = DDStateMachine.StateMachineBuilder<SyncStatus, SyncEvent, SyncExtraState>
/// let builder = Builder()
/// let notSynced = DDStateMachine.StateBuilder<SyncStatus, SyncEvent, SyncExtraState>(.notSynced)
/// builder.shouldTransit(notSynced ~> inProgress).by(event: .sync).immediately()
/// let machine = builder.build(initialState: notSynced)
/// ```
///
/// The names live in this namespace because `StateMachineBuilder`, `StateBuilder` and the
/// other builders' names are common in an app, and in fsmviz's other styles' libraries.
public enum DDStateMachine {}
