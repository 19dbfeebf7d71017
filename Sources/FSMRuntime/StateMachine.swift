public import FSMCore

/// A running state machine, safe to drive from any number of threads, that never makes a
/// caller wait for another thread's transition.
///
/// Events are processed one at a time, to completion. ``send(_:payload:)`` processes its event
/// at once when the machine is idle and returns what it did; when a transition is already
/// running — sent from inside a handler, hook, effect or observer of this machine, or from
/// another thread — it queues the event and returns ``SendResult/queued`` at once. The thread
/// that is processing runs queued events, in order, before its own `send` returns: no
/// deadlock, no recursion, no sender blocked. ``sendAndWait(_:payload:)`` is the `async`
/// variant that returns the event's result once it has been processed.
///
/// For one accepted event, callbacks run in this order, all outside the machine's lock:
/// 1. the candidate transitions' guards, in declaration order, until one allows;
/// 2. the transition's `willFire`;
/// 3. its handler, which picks the target (must be one of the declared targets);
/// 4. the source state's `willExit` hooks, then the target's `willEnter` hooks;
/// 5. the state changes and the change is recorded in ``history``;
/// 6. the source's `didExit` hooks, the target's `didEnter` hooks;
/// 7. the transition's `didFire`, then its effects in order;
/// 8. observers (``observe(_:)``, ``changes``), in subscription order;
/// 9. if the target is a compound state, its initial child is entered (steps 4–8, with no
///    transition callbacks), and so on down;
/// 10. then automatic transitions available in the new state, each running steps 1–9.
///
/// A targetless transition (no targets, no handler) runs only steps 1, 2 and 7: its
/// `willFire`, `didFire` and effects, with no hooks, no change and no observers, and its
/// event's result is ``SendResult/transitioned(_:)`` with no changes.
///
/// States may nest (``addState(_:parent:isInitial:isFinal:hooks:)``): a compound state's
/// transitions are available in all its descendants, the innermost state's first. The machine
/// is always in a leaf state; a change into a compound state is followed at once by changes
/// into its initial children.
///
/// The machine also describes itself: ``graph(name:)`` gives its states, events and
/// transitions as an ``/FSMCore/Machine`` for DOT, rendering and `analyze()`.
///
/// The event loop is `@inlinable`, so a client's build specializes it for its own state and
/// event types (no generic metadata lookups per event) even without cross-module optimization.
// @unchecked: every mutable field is in `core`, which is read and written only under `lock`.
public final class StateMachine<State: Hashable & Sendable, Event: Hashable & Sendable>: @unchecked Sendable {
    /// The most changes ``history`` keeps.
    public let historyLimit: Int

    @usableFromInline let lock = RuntimeLock()
    /// Guarded by `lock`. Behind a pointer rather than a stored `var`, because each access to
    /// a class's `var` from another module pays a dynamic exclusivity check, and the lock
    /// already makes every access exclusive.
    @usableFromInline let storage: UnsafeMutablePointer<Core>

    /// How many automatic transitions may fire in a row before the machine declares a loop.
    @inlinable static var automaticLimit: Int { 10_000 }

    /// Creates a machine in `initialState`.
    /// - Parameters:
    ///   - initialState: The state the machine starts in, before any event.
    ///   - historyLimit: How many changes ``history`` keeps (oldest dropped first).
    public init(initialState: State, historyLimit: Int = 1_000) {
        self.historyLimit = historyLimit
        storage = UnsafeMutablePointer.allocate(capacity: 1)
        storage.initialize(to: Core(initialState: initialState, historyLimit: historyLimit))
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` on the machine's mutable storage under its lock.
    @inlinable func withCore<Result>(_ body: (inout Core) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage.pointee)
    }

    /// The current state.
    public var state: State { withCore { $0.state } }

    /// The state the machine started in.
    public var initialState: State { withCore { $0.definition.initialState } }

    /// The most recent accepted transitions, oldest first, at most ``historyLimit``.
    public var history: [Change<State, Event>] { withCore { $0.history.elements } }

    /// Declares a state (so it appears in the graph even before a transition names it) and
    /// adds hooks to it.
    ///
    /// - Parameters:
    ///   - state: The state to declare; declaring it again adds its hooks to the earlier ones.
    ///   - parent: The compound state this one is nested in. Transitions of a compound state
    ///     are available in all its descendants (innermost first), as in statecharts.
    ///   - isInitial: Whether this is its parent's initial child: entering the parent enters it.
    ///   - isFinal: Marks the state final in the graph.
    ///   - hooks: What runs when the machine enters or leaves the state.
    public func addState(
        _ state: State, parent: State? = nil, isInitial: Bool = false, isFinal: Bool = false,
        hooks: StateHooks<State, Event> = StateHooks()
    ) {
        withCore {
            $0.definition.add(state, parent: parent, isInitial: isInitial, isFinal: isFinal, hooks: hooks)
            $0.compiled = nil
        }
    }

    /// Declares a transition. Its sources and targets become states of the machine.
    public func addTransition(_ rule: TransitionRule<State, Event>) {
        withCore {
            $0.definition.add(rule)
            $0.compiled = nil
        }
    }

    /// Replaces the transitions on `event` with `rule`, in the place of the first of them.
    func replaceTransitions(on event: Event, with rule: TransitionRule<State, Event>) {
        withCore {
            $0.definition.replaceRules(on: event, with: rule)
            $0.compiled = nil
        }
    }

    /// Declares an event that no transition may use yet, so the graph lists it.
    public func addEvent(_ event: Event) {
        withCore {
            $0.definition.add(event)
            $0.compiled = nil
        }
    }

    // MARK: Static structure

    /// The machine's states, events and transitions as a validated ``/FSMCore/Machine``:
    /// identifiers are the states' and events' descriptions, guards and effects are labels.
    public func graph(name: String? = nil) throws(MachineError) -> Machine {
        try withCore { $0.definition }.graph(name: name)
    }

    /// The graph with states and events named by position and labelled with their
    /// descriptions, so it exists even when two of them print alike.
    ///
    /// - Throws: ``/FSMCore/MachineError`` only for nesting problems (a parent cycle, two
    ///   initial children), never for names.
    func graphByPosition(name: String? = nil) throws(MachineError) -> Machine {
        try withCore { $0.definition }.graph(name: name, naming: .position)
    }

    // MARK: Storage

    @usableFromInline typealias Definition = MachineDefinition<State, Event>

    @usableFromInline struct Core {
        @usableFromInline var state: State
        /// `state`'s index in the compiled tables (stable: states are only ever appended).
        @usableFromInline var stateIndex = 0
        @usableFromInline var definition: Definition
        /// The tables for `definition`; `nil` after registration until the next event.
        @usableFromInline var compiled: CompiledMachine<State, Event>?
        @usableFromInline var history: BoundedHistory<Change<State, Event>>
        @usableFromInline var queue = PendingQueue<Pending<State, Event>>()
        /// Whether a thread is running events; it runs the queue too before it stops.
        @usableFromInline var isProcessing = false
        /// In subscription order.
        @usableFromInline var observers: [Observer<State, Event>] = []
        @usableFromInline var nextObserverID: UInt64 = 0
        /// The last one-change result of a plain transition. When its sender has dropped it,
        /// the next plain transition writes into the same buffer instead of allocating one
        /// (copy-on-write keeps results a sender still holds intact).
        @usableFromInline var plainResult: [Change<State, Event>] = []

        init(initialState: State, historyLimit: Int) {
            state = initialState
            definition = Definition(initialState: initialState)
            history = BoundedHistory(limit: historyLimit)
        }

        /// The compiled tables, compiling them first after registration.
        @inlinable mutating func tables() -> CompiledMachine<State, Event> {
            if let compiled { return compiled }
            return compile()
        }

        /// Out of line: it runs once per registration, and unspecialized keeps clients small.
        @usableFromInline mutating func compile() -> CompiledMachine<State, Event> {
            let fresh = CompiledMachine(definition)
            compiled = fresh
            return fresh
        }
    }
}
