public import Foundation

/// The state machine of Amplify's auth plugin, with its own names: a ``State`` is a value
/// with a `type`, a ``StateMachineResolver`` resolves it against every event, returning a
/// ``StateResolution`` (the new state and ``Action``s), and a ``StateMachine`` stores the new
/// state, tells its listeners and runs the actions, which may ``EventDispatcher/send(_:)``
/// further events.
///
/// ```swift
/// let machine = Amplify.StateMachine(resolver: AuthState.Resolver(), environment: AuthEnvironment())
/// machine.send(AuthEvent(.signIn(user: "alice", pass: "secret")))
/// await machine.waitForActions()
/// let diagram = try machine.graph(exploring: sampleEvents)   // derived from the resolvers
/// ```
///
/// As in Amplify, every event is offered to every state: a resolver that does not handle
/// an event returns `.from(oldState)`. A state's substates (its stored properties that are
/// ``State``s) are resolved side by side, so a state with two or more substates is drawn as a
/// parallel state with one region each; a state without substates is a leaf, drawn as one
/// state per `type` its values take. The diagram is derived by resolving sample events in
/// every state reached (``StateMachine/graph(exploring:from:name:limit:)``): resolvers are
/// pure, so exploring runs no action.
///
/// A tree can also declare its diagram beside its resolvers (``DiagramDeclaring``, a
/// ``StateDiagram``): ``StateMachine/graph(name:)`` then draws it as declared, with guards and
/// effects in words, and ``StateMachine/undeclaredResolutions(of:in:diagram:)`` checks the
/// resolvers against it, so a test finds a resolution the diagram does not show.
///
/// The machine runs on fsmviz's runtime (``FSMRuntime/StateMachine``): events are processed
/// one at a time, to completion, a `send` never waits for another thread's resolution, and
/// events sent by actions are queued behind the current one.
///
/// The names live in this namespace because `State` and `StateMachine` are taken by FSMCore
/// and the runtime.
public enum Amplify {}

extension Amplify {
    /// A state of the tree: a value whose `type` names the state it is in (Amplify's `State`).
    ///
    /// Stored properties that are `State`s are its substates, resolved side by side.
    public protocol State: Equatable, Sendable {
        /// The state's name in diagrams: values with one `type` are one state.
        var type: String { get }
    }

    /// An event (Amplify's `StateMachineEvent`, after CloudEvents).
    public protocol StateMachineEvent: Sendable {
        /// Identifies one occurrence of the event.
        var id: String { get }
        /// The kind of event; its name in diagrams.
        var type: String { get }
        /// When the event happened, if known.
        var time: Date? { get }
    }

    /// What actions are given to work with (Amplify's `Environment`): services, clocks.
    public protocol Environment: Sendable {}

    /// Where actions send the events they produce (Amplify's `EventDispatcher`).
    public protocol EventDispatcher: Sendable {
        /// Sends `event` to the machine, which resolves it after the current event.
        func send(_ event: any StateMachineEvent)
    }
}
