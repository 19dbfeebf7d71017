public import FSMCore

/// Runs a tree of ``ResolvableState``s as Amplify's state machine does: each event is
/// resolved depth-first into a new composite state plus effects; the machine stores the new
/// state, tells its observers, then runs the effects, which may dispatch further events.
///
/// ```swift
/// let machine = ResolvingStateMachine(AuthState(), environment: environment)
/// machine.send(AuthEvent(.signIn(user: "alice", pass: "secret"), time: now))
/// await machine.waitForEffects()   // didSignIn, getCreds(), didGetCreds, authIsReady
/// machine.state.isReady            // true
/// ```
///
/// Underneath is fsmviz's runtime ``StateMachine`` (``machine``), whose states are the
/// nodes of the root's ``StateTreeRoot/diagram`` and whose rules are its transitions. So:
/// - events are resolved one at a time, to completion, from any thread; events dispatched by
///   effects are queued behind the event being resolved;
/// - the machine performs only what the diagram declares: an event is resolved where a
///   declared transition on it leaves the current leaf, and its resolution is applied only
///   if it lands where that transition leads. Anything else is refused (the runtime's
///   `notAllowed`, `declinedByGuard`, `unknownEvent`), and the state does not change.
///   Amplify resolves every event everywhere; where no transition is declared a faithful
///   reducer returns its state unchanged with no effects, which
///   ``undeclaredResolutions(of:in:diagram:)`` checks;
/// - ``graph(name:)`` is the diagram as a ``/FSMCore/Machine``: the tree as compound states,
///   for DOT, rendering and `analyze()`.
public final class ResolvingStateMachine<Root: StateTreeRoot>: Sendable {
    /// The runtime machine: its current leaf, history, and rules.
    public let machine: StateMachine<Root.Node, Root.Event.Kind>

    private let index: StateDiagramIndex<Root.Node, Root.Event.Kind>
    private let store: ResolutionStore<Root>
    private let steps: ValueBroadcast<ResolutionStep<Root>>
    private let events: ValueBroadcast<Root.Event>
    private let tasks = InFlightTasks()

    /// A machine in `initialState`, whose effects get `environment`.
    /// - Parameters:
    ///   - initialState: The state tree the machine starts with; its node is the current leaf.
    ///   - environment: Handed to every effect the machine runs (services, clients, clocks).
    ///   - diagram: The tree's diagram; the root type's own unless given (a test may
    ///     give a wrong one to see what the machine refuses).
    public init(_ initialState: Root, environment: Root.Environment, diagram: StateDiagram<Root.Node, Root.Event.Kind> = Root.diagram) {
        let machine = StateMachine<Root.Node, Root.Event.Kind>(initialState: initialState.node)
        let index = StateDiagramIndex(diagram)
        let store = ResolutionStore(initialState)
        let steps = ValueBroadcast<ResolutionStep<Root>>()
        let events = ValueBroadcast<Root.Event>()
        let tasks = tasks

        for node in diagram.nodes {
            machine.addState(node.id, parent: node.parent, isInitial: index.isInitialChild(node.id), isFinal: node.isFinal)
        }
        for event in diagram.events { machine.addEvent(event.kind) }

        // Effects dispatch through here; weak, because the machine keeps its rules.
        let dispatch: @Sendable (Root.Event) -> Void = { [weak machine] event in
            events.publish(event)
            machine?.send(event.kind, payload: EventEnvelope(event))
        }
        for transition in diagram.transitions {
            machine.addTransition(
                Self.rule(for: transition, index: index, store: store) { envelope in
                    let (oldState, resolution) = store.commit(envelope)
                    steps.publish(
                        ResolutionStep(
                            event: envelope.event, oldState: oldState, newState: resolution.newState,
                            effects: resolution.effectLabels))
                    let context = EffectContext(environment: environment, send: dispatch)
                    for effect in resolution.effects {
                        switch effect.action {
                        case .dispatch(let event): dispatch(event)
                        case .perform(let operation): tasks.start { await operation(context) }
                        }
                    }
                })
        }

        self.machine = machine
        self.index = index
        self.store = store
        self.steps = steps
        self.events = events
    }

    /// The runtime rule for one declared transition. Its guard resolves the event and
    /// allows the transition only if the outcome lands in one of its targets; the handler
    /// picks that target (the runtime checks it is declared); `apply` stores the outcome and
    /// runs its effects once the runtime has moved.
    private static func rule(
        for transition: StateDiagram<Root.Node, Root.Event.Kind>.Transition,
        index: StateDiagramIndex<Root.Node, Root.Event.Kind>, store: ResolutionStore<Root>,
        apply: @escaping @Sendable (EventEnvelope<Root.Event>) -> Void
    ) -> TransitionRule<Root.Node, Root.Event.Kind> {
        let targets = transition.targets
        let landing: @Sendable (TransitionContext<Root.Node, Root.Event.Kind>) -> Root.Node? = { context in
            guard let envelope = context.payload as? EventEnvelope<Root.Event> else { return nil }
            return index.target(landingIn: store.resolution(of: envelope).newState.node, among: targets)
        }
        return TransitionRule(
            event: transition.event, from: transition.sources, to: targets, guardLabel: transition.guardLabel,
            effectLabels: transition.effects,
            guardCondition: { landing($0) != nil },
            handler: { context in
                guard let target = landing(context) else { throw UndeclaredOutcome() }
                return target
            },
            effects: [{ context in
                if let envelope = context.payload as? EventEnvelope<Root.Event> { apply(envelope) }
            }])
    }

    /// The composite state, as last stored.
    public var state: Root { store.state }

    /// Sends `event` to be resolved, and returns what the runtime did with it: the leaves it
    /// moved through, or why it refused the event.
    @discardableResult
    public func send(_ event: Root.Event) -> SendResult<Root.Node, Root.Event.Kind> {
        events.publish(event)
        return machine.send(event.kind, payload: EventEnvelope(event))
    }

    /// Every resolution applied from now on, in order, as an asynchronous sequence.
    public var resolutions: AsyncStream<ResolutionStep<Root>> { steps.stream() }

    /// Calls `callback` with every resolution applied from now on, after the new state is
    /// stored and before its effects run, on the thread that processed it.
    @discardableResult
    public func observe(_ callback: @escaping @Sendable (ResolutionStep<Root>) -> Void) -> Observation {
        steps.subscribe(callback)
    }

    /// Calls `callback` with every event sent to the machine from now on, by ``send(_:)`` or
    /// by an effect, as it is sent (before it is resolved, or refused).
    @discardableResult
    public func observeEvents(_ callback: @escaping @Sendable (Root.Event) -> Void) -> Observation {
        events.subscribe(callback)
    }

    /// Returns once no effect is running, including effects started by the events effects
    /// dispatched. An effect that never finishes keeps this waiting.
    public func waitForEffects() async {
        await tasks.waitUntilIdle()
    }

    /// The diagram as a machine: the tree's nodes as (compound) states with their labels, its
    /// events, and its transitions; the machine starts at the top-level node above the
    /// initial state's leaf. Named by the diagram, or after the root type.
    public func graph(name: String? = nil) throws(MachineError) -> Machine {
        func id(_ node: Root.Node) -> StateID { StateID(String(describing: node)) }
        let diagram = index.diagram
        return try machine.graph(name: name ?? diagram.name ?? String(describing: Root.self)).labeled(
            name: nil, summary: diagram.summary,
            states: Dictionary(diagram.nodes.compactMap { node in node.label.map { (id(node.id), $0) } }) { first, _ in first },
            events: Dictionary(diagram.events.compactMap { event in
                event.label.map { (EventID(String(describing: event.kind)), $0) }
            }) { first, _ in first },
            order: diagram.nodes.map { id($0.id) })
    }

    /// The resolutions, among `events` in each of `states`, that `diagram` does not declare:
    /// each changes the state or returns effects, yet no declared transition on the event
    /// leads from the state's leaf to the new state's leaf. Empty when the diagram is honest
    /// about these states and events; a machine would refuse every one returned.
    public static func undeclaredResolutions(
        of events: [Root.Event], in states: [Root], diagram: StateDiagram<Root.Node, Root.Event.Kind> = Root.diagram
    ) -> [UndeclaredResolution<Root>] {
        let index = StateDiagramIndex(diagram)
        var found: [UndeclaredResolution<Root>] = []
        for state in states {
            for event in events {
                let resolution = state.resolve(event)
                if resolution.newState == state, resolution.effects.isEmpty { continue }
                if index.declares(event.kind, from: state.node, to: resolution.newState.node) { continue }
                found.append(UndeclaredResolution(state: state, event: event, resolution: resolution))
            }
        }
        return found
    }
}

/// Thrown by a transition's handler if the outcome changed between guard and handler; the
/// store resolves each event once, so this would mean a bug in the machine.
private struct UndeclaredOutcome: Error {}
