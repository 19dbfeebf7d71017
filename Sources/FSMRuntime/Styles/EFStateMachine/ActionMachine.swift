public import FSMCore

/// EFStateMachine's API on fsmviz's runtime: states and actions are enums, each action has
/// one handler that returns the new state, and change handlers watch the state move.
///
/// ```swift
/// let machine = ActionMachine<LoadState, LoadAction>(initialState: .Empty)
/// machine.registerAction(.Load, fromStates: [.Empty, .Failed], toStates: [.Loading]) { _ in .Loading }
/// machine.registerAction(.Cancel, fromStates: [.Loading], toStates: [.Empty, .Failed]) { machine in
///     machine.history[machine.history.count - 2]
/// }
/// machine.performAction(.Load)    // .Loading
/// machine.performAction(.Load)    // nil: not allowed in Loading
/// ```
///
/// Each ``registerAction(_:fromStates:toStates:handler:)-(_,[State],[State],_)`` becomes one
/// ``TransitionRule`` of a ``StateMachine`` (the action is the event, the handler picks the
/// target among `toStates`), and ``onChange(fromStates:toStates:handler:)`` an observer. So
/// the machine is as thread-safe as the runtime, runs one action at a time to completion,
/// and describes itself through ``graph(name:)`` for DOT, rendering and `analyze()`.
///
/// `ActionMachine` is a handle: copies refer to the same running machine, and handlers
/// receive a handle to it (not a strong reference kept by the machine), so no retain cycle
/// forms through the handlers the machine stores.
///
/// Where it differs from EFStateMachine:
/// - `fromStates` and `toStates` may be arrays as well as sets: the diagram lists an array's
///   states in the order you wrote, a set's in the order of their descriptions, the same on
///   every run.
/// - When `State` (or `Action`) is `CaseIterable`, every case is declared up front, in
///   declaration order: diagrams follow your enum, and a state no action reaches shows up
///   as unreachable in `analyze()`.
/// - An action performed from inside a handler or change handler of the same machine is
///   queued and runs as soon as the current action completes (EFStateMachine ignored it and
///   printed a warning). ``performAction(_:)`` returns `nil` for it, as EFStateMachine did.
/// - A handler returning a state outside its `toStates` leaves the state unchanged, as in
///   EFStateMachine, but instead of printing a warning it is reported:
///   ``perform(_:)`` throws ``PerformError/invalidState(_:allowed:action:)``.
public struct ActionMachine<State: Hashable & Sendable, Action: Hashable & Sendable>: Sendable {
    /// Runs when an action is performed, and returns the machine's new state, which must be
    /// one of the action's `toStates`.
    public typealias ActionHandler = @Sendable (_ machine: ActionMachine) -> State
    /// Runs after the state changed.
    public typealias ChangeHandler = @Sendable (_ machine: ActionMachine, _ oldState: State, _ newState: State) -> Void

    let runtime: StateMachine<State, Action>

    /// The most states ``history`` keeps.
    public var maxHistoryLength: Int { runtime.historyLimit }

    /// Creates a machine in `initialState`.
    ///
    /// If `State` or `Action` is `CaseIterable`, all its cases are declared now, in
    /// declaration order, so the machine's graph lists them in that order (the initial
    /// state always comes first).
    ///
    /// - Parameters:
    ///   - initialState: The state the machine starts in, before any action.
    ///   - maxHistoryLength: How many states ``history`` keeps (EFStateMachine's
    ///     default, 10); `0` keeps none.
    public init(initialState: State, maxHistoryLength: Int = 10) {
        precondition(maxHistoryLength >= 0, "maxHistoryLength must not be negative")
        runtime = StateMachine(initialState: initialState, historyLimit: maxHistoryLength)
        for state in allCases(of: State.self) { runtime.addState(state) }
        for action in allCases(of: Action.self) { runtime.addEvent(action) }
    }

    /// A handle on the machine `runtime` runs, for handlers (built from their context, so
    /// the machine need not keep a reference to itself).
    private init(runtime: StateMachine<State, Action>) {
        self.runtime = runtime
    }

    /// The state the machine started in.
    public var initialState: State { runtime.initialState }

    /// The current state.
    public var state: State { runtime.state }

    /// The states the machine has been in, oldest first, ending with the current one: at
    /// most ``maxHistoryLength`` of them, as EFStateMachine keeps it.
    ///
    /// Read inside a handler, the last element is the state the action is leaving, so
    /// `history[history.count - 2]` is the state before it (EFStateMachine's way to cancel).
    public var history: [State] {
        guard maxHistoryLength > 0 else { return [] }
        // One read of the runtime's changes, so the list is consistent even while other
        // threads perform actions.
        let changes = runtime.history
        guard let first = changes.first else { return [runtime.initialState] }
        return Array(([first.source] + changes.map(\.target)).suffix(maxHistoryLength))
    }

    /// Registers the handler that runs when `action` is performed in one of `fromStates`.
    ///
    /// Registering an action again replaces its handler, `fromStates` and `toStates`, as in
    /// EFStateMachine; the action keeps its place in the graph.
    ///
    /// - Parameters:
    ///   - action: The action the handler runs for; it is the transition's event.
    ///   - fromStates: The states in which the action may be performed.
    ///   - toStates: The states the handler may return; it must not be empty.
    ///   - handler: Returns the new state. It runs while the machine is still in the old
    ///     state; if it returns a state not in `toStates`, the state does not change and
    ///     ``perform(_:)`` throws ``PerformError/invalidState(_:allowed:action:)``.
    /// - Precondition: `toStates` is not empty.
    public func registerAction(
        _ action: Action, fromStates: [State], toStates: [State], handler: @escaping ActionHandler
    ) {
        precondition(!toStates.isEmpty, "action '\(action)' must declare the states its handler may return")
        runtime.replaceTransitions(
            on: action,
            with: TransitionRule(
                event: action, from: fromStates, to: toStates,
                handler: { context in handler(ActionMachine(runtime: context.machine)) }))
    }

    /// Registers the handler of `action` with sets of states, as EFStateMachine's API takes
    /// them; see ``registerAction(_:fromStates:toStates:handler:)-(_,[State],[State],_)``.
    ///
    /// A set has no order, so the graph lists its states in the order of their
    /// descriptions, the same on every run (array arguments keep the order you wrote).
    public func registerAction(
        _ action: Action, fromStates: Set<State>, toStates: Set<State>, handler: @escaping ActionHandler
    ) {
        registerAction(action, fromStates: ordered(fromStates), toStates: ordered(toStates), handler: handler)
    }

    /// Performs `action`: runs its handler and moves to the state it returns.
    ///
    /// - Returns: The new state; `nil` if the action is not registered, not allowed in the
    ///   current state, its handler returned a state outside its `toStates`, or it was
    ///   performed while another action runs, from a callback of this machine or another
    ///   thread (then it is queued and runs after the current action). Use ``perform(_:)`` to learn which.
    @discardableResult
    public func performAction(_ action: Action) -> State? {
        try? perform(action)
    }

    /// Performs `action`, like ``performAction(_:)``, but says why when it does not run.
    ///
    /// - Returns: The new state.
    /// - Throws: ``PerformError``; the state is then unchanged (for
    ///   ``PerformError/queued(_:)``, the action runs later).
    @discardableResult
    public func perform(_ action: Action) throws(PerformError) -> State {
        switch runtime.send(action) {
        case .transitioned(let changes), .interrupted(let changes, _):
            // An accepted action always records its change; ActionMachine adds no
            // automatic transitions, so the last change is the action's own.
            guard let last = changes.last else { return state }
            return last.target
        case .queued:
            throw .queued(action)
        case .rejected(let error):
            throw PerformError(error, action: action)
        }
    }

    /// Runs `handler` after every change from one of `fromStates` to one of `toStates`
    /// (`nil` means any state), in registration order, also when an action returns the
    /// state the machine was already in. The filters are sets, as in EFStateMachine; array
    /// literals are sets too.
    ///
    /// - Returns: The subscription; EFStateMachine offered no way to stop a change handler,
    ///   this one stops when you cancel it.
    @discardableResult
    public func onChange(
        fromStates: Set<State>? = nil, toStates: Set<State>? = nil, handler: @escaping ChangeHandler
    ) -> Observation {
        // Weak: the runtime stores this observer, and an observer only runs while the runtime
        // exists, so a strong reference would only make a cycle.
        return runtime.observe { [weak runtime] change in
            guard let runtime else { return }
            guard fromStates?.contains(change.source) ?? true, toStates?.contains(change.target) ?? true else { return }
            handler(ActionMachine(runtime: runtime), change.source, change.target)
        }
    }

    /// The machine's states, actions (as events) and registered transitions: an action with
    /// several `toStates` is one transition whose handler picks the target.
    ///
    /// - Throws: ``/FSMCore/MachineError`` when two states or actions print the same
    ///   description, since a diagram could not tell them apart.
    public func graph(name: String? = nil) throws(MachineError) -> Machine {
        try runtime.graph(name: name)
    }

    /// The graph with states and actions named by position and labelled with their
    /// descriptions: what the flow diagram draws, which EFStateMachine drew whatever the
    /// descriptions (two alike are two boxes with one label).
    package var flowGraph: Machine {
        do {
            return try runtime.graphByPosition()
        } catch {
            // Names by position are distinct and not empty, and ActionMachine nests no states,
            // so no other MachineError can arise.
            preconditionFailure("ActionMachine's graph by position is always valid: \(error)")
        }
    }
}

/// `states` in the order of their descriptions: a set's own order changes from run to run.
private func ordered<State>(_ states: Set<State>) -> [State] {
    states.sorted { String(describing: $0) < String(describing: $1) }
}

/// Every case of `type` in declaration order, or none when it is not `CaseIterable`.
private func allCases<Value>(of type: Value.Type) -> [Value] {
    guard let iterable = type as? any CaseIterable.Type else { return [] }
    return cases(of: iterable).compactMap { $0 as? Value }
}

private func cases<Value: CaseIterable>(of type: Value.Type) -> [Any] {
    type.allCases.map { $0 }
}
