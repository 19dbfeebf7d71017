public import FSMCore

extension Amplify {
    /// A state whose tree declares its diagram beside its resolvers: the root of a tree that
    /// ``StateMachine/graph(name:)`` draws as declared and
    /// ``StateMachine/undeclaredResolutions(of:in:diagram:)`` checks the resolvers against.
    ///
    /// ```swift
    /// extension AuthState: Amplify.DiagramDeclaring {
    ///     var node: AuthNode { !authNState.isSignedIn ? .signedOut : isReady ? .ready : .noCredentials }
    ///     static let diagram = Amplify.StateDiagram<AuthNode, AuthEvent.Kind>(nodes: [...], transitions: [...])
    /// }
    /// ```
    public protocol DiagramDeclaring: State {
        /// The diagram's node identifiers.
        associatedtype Node: Hashable & Sendable
        /// The diagram's event kinds: events without their payloads.
        associatedtype EventKind: Hashable & Sendable

        /// The leaf of ``diagram`` this value is in. It must depend on the value only (two
        /// equal values are in the same leaf), and every leaf a resolution reaches from another
        /// must be linked to it by a declared transition.
        var node: Node { get }

        /// The tree's nodes and the transitions between its leaves.
        static var diagram: StateDiagram<Node, EventKind> { get }

        /// The kind `event` is of in ``diagram``; `nil` for an event the diagram does not know.
        /// Given when `EventKind` is a `String` enum whose raw values are the events' `type`s.
        static func kind(of event: any StateMachineEvent) -> EventKind?
    }
}

extension Amplify.DiagramDeclaring where EventKind: RawRepresentable, EventKind.RawValue == String {
    /// The kind whose raw value is `event`'s `type`.
    public static func kind(of event: any Amplify.StateMachineEvent) -> EventKind? {
        EventKind(rawValue: event.type)
    }
}

extension Amplify.StateMachine where StateType: Amplify.DiagramDeclaring {
    /// The declared diagram (``Amplify/DiagramDeclaring/diagram``) as a machine: the tree's
    /// nodes as (compound) states with their labels, its events, and its transitions. The
    /// machine starts at the top-level node above the leaf of the state this machine was
    /// created in. Named by the diagram, or after the state type.
    ///
    /// - Throws: ``/FSMCore/MachineError`` when the diagram's nesting is inconsistent (a
    ///   parent cycle, two initial children).
    public func graph(name: String? = nil) throws(MachineError) -> Machine {
        try StateType.diagram.machine(
            name: name ?? StateType.diagram.name ?? String(describing: StateType.self), start: initialState.node)
    }

    /// The resolutions, among `events` in each of `states`, that `diagram` does not declare:
    /// each changes the state or asks for actions, yet no declared transition on the event's
    /// kind leads from the state's leaf to the new state's leaf (or the diagram does not know
    /// the event). Empty when the diagram is honest about these states and events. Resolvers
    /// are pure, so no action runs.
    ///
    /// - Complexity: One resolution per state and event, each looked up in the diagram's
    ///   transitions.
    public func undeclaredResolutions(
        of events: [any Amplify.StateMachineEvent], in states: [StateType],
        diagram: Amplify.StateDiagram<StateType.Node, StateType.EventKind> = StateType.diagram
    ) -> [Amplify.UndeclaredResolution<StateType>] {
        let index = Amplify.StateDiagramIndex(diagram)
        var found: [Amplify.UndeclaredResolution<StateType>] = []
        for state in states {
            for event in events {
                let resolution = resolve(state, event)
                if resolution.newState == state, resolution.actions.isEmpty { continue }
                if let kind = StateType.kind(of: event), index.declares(kind, from: state.node, to: resolution.newState.node) {
                    continue
                }
                found.append(Amplify.UndeclaredResolution(state: state, event: event, resolution: resolution))
            }
        }
        return found
    }
}

extension Amplify.StateDiagram {
    /// The diagram as a machine starting at `start`'s top-level node, drawn by the runtime's
    /// own graph so that nesting and initial states read as every other style's.
    func machine(name: String, start: NodeID) throws(MachineError) -> Machine {
        let index = Amplify.StateDiagramIndex(self)
        let runtime = FSMRuntime.StateMachine<NodeID, EventKind>(initialState: start, historyLimit: 0)
        for node in nodes {
            runtime.addState(node.id, parent: node.parent, isInitial: index.isInitialChild(node.id), isFinal: node.isFinal)
        }
        for event in events { runtime.addEvent(event.kind) }
        for transition in transitions {
            runtime.addTransition(
                TransitionRule(
                    event: transition.event, from: transition.sources, to: transition.targets, guardLabel: transition.guardLabel,
                    effectLabels: transition.effects))
        }
        func id(_ node: NodeID) -> StateID { StateID(String(describing: node)) }
        return try runtime.graph(name: name).labeled(
            name: nil, summary: summary,
            states: Dictionary(nodes.compactMap { node in node.label.map { (id(node.id), $0) } }) { first, _ in first },
            events: Dictionary(events.compactMap { event in event.label.map { (EventID(String(describing: event.kind)), $0) } }) {
                first, _ in first
            },
            order: nodes.map { id($0.id) })
    }
}
