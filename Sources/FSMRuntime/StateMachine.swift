import Dispatch
public import FSMCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running state machine, safe to drive from any number of threads.
///
/// Events are processed one at a time, to completion. `send` from another thread waits its
/// turn and returns what its event did; `send` from inside a handler, hook, effect or
/// observer of this machine queues the event and returns ``SendResult/queued`` at once, and
/// the event runs after the current transition completes — no deadlock, no recursion.
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
/// transitions as an ``FSMCore/Machine`` for DOT, rendering and `analyze()`.
public final class StateMachine<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable {
    /// The most changes ``history`` keeps.
    public let historyLimit: Int

    private let core: LockedValue<Core>

    /// How many automatic transitions may fire in a row before the machine declares a loop.
    static var automaticLimit: Int { 10_000 }

    /// Creates a machine in `initialState`.
    /// - Parameter historyLimit: How many changes ``history`` keeps (oldest dropped first).
    public init(initialState: State, historyLimit: Int = 1_000) {
        self.historyLimit = historyLimit
        core = LockedValue(Core(initialState: initialState, historyLimit: historyLimit))
    }

    /// The current state.
    public var state: State { core.withLock { $0.state } }

    /// The state the machine started in.
    public var initialState: State { core.withLock { $0.definition.initialState } }

    /// The most recent accepted transitions, oldest first, at most ``historyLimit``.
    public var history: [Change<State, Event>] { core.withLock { $0.history.elements } }

    /// Declares a state (so it appears in the graph even before a transition names it) and
    /// adds hooks to it.
    ///
    /// - Parameters:
    ///   - parent: The compound state this one is nested in. Transitions of a compound state
    ///     are available in all its descendants (innermost first), as in statecharts.
    ///   - isInitial: Whether this is its parent's initial child: entering the parent enters it.
    ///   - isFinal: Marks the state final in the graph.
    public func addState(
        _ state: State, parent: State? = nil, isInitial: Bool = false, isFinal: Bool = false,
        hooks: StateHooks<State, Event> = StateHooks()
    ) {
        core.withLock {
            $0.definition.add(state, parent: parent, isInitial: isInitial, isFinal: isFinal, hooks: hooks)
        }
    }

    /// Declares a transition. Its sources and targets become states of the machine.
    public func addTransition(_ rule: TransitionRule<State, Event>) {
        core.withLock { $0.definition.add(rule) }
    }

    /// Declares an event that no transition may use yet, so the graph lists it.
    public func addEvent(_ event: Event) {
        core.withLock { $0.definition.add(event) }
    }

    /// Sends `event`, with an optional `payload` handlers can read from their context.
    @discardableResult
    public func send(_ event: Event, payload: (any Sendable)? = nil) -> SendResult<State, Event> {
        enqueue(event, payload: payload)
    }

    /// Takes any automatic transition whose guard now allows it, in turn with queued events.
    /// Call it when something a guard reads has changed outside the machine, such as the
    /// result of work a state started.
    @discardableResult
    public func evaluateAutomaticTransitions() -> SendResult<State, Event> {
        enqueue(nil, payload: nil)
    }

    private func enqueue(_ event: Event?, payload: (any Sendable)?) -> SendResult<State, Event> {
        let caller = pthread_self()
        let role = core.withLock { core -> Role in
            guard let owner = core.processingThread else {
                // Nobody is processing, so the queue is empty: run this event right here,
                // without queueing it or allocating anything to wait on.
                core.processingThread = caller
                return .inline
            }
            if pthread_equal(owner, caller) != 0 {
                core.queue.append(Pending(event: event, payload: payload, completion: nil))
                return .reentrant
            }
            let completion = Completion()
            core.queue.append(Pending(event: event, payload: payload, completion: completion))
            return .wait(completion)
        }
        switch role {
        case .reentrant:
            return .queued
        case .wait(let completion):
            return completion.wait()
        case .inline:
            let result = process(Pending(event: event, payload: payload, completion: nil))
            drain()
            return result
        }
    }

    // MARK: Processing

    private enum Role {
        /// Sent from a callback of this machine: queue it and return.
        case reentrant
        /// Another thread is processing: it will process this event too; wait for the result.
        case wait(Completion)
        /// This thread processes the event, then whatever was queued meanwhile.
        case inline
    }

    /// Processes queued events until none is left, then gives up the processing role.
    private func drain() {
        while true {
            let next = core.withLock { core -> Pending? in
                guard !core.queue.isEmpty else {
                    core.processingThread = nil
                    return nil
                }
                return core.queue.removeFirst()
            }
            guard let next else { return }
            let result = process(next)
            next.completion?.finish(result)
        }
    }

    private func process(_ pending: Pending) -> SendResult<State, Event> {
        let (current, definition) = core.withLock { ($0.state, $0.definition) }
        var changes: [Change<State, Event>] = []
        guard let event = pending.event else {
            do {
                try settle(&changes, from: current, definition)
            } catch {
                return changes.isEmpty ? .rejected(error) : .interrupted(changes, error)
            }
            return .transitioned(changes)
        }
        let guardContext = context(source: current, event: event, payload: pending.payload, target: nil)
        let rule: RuleBox<State, Event>
        switch definition.choose(event, in: current, context: guardContext) {
        case .noTransition: return .rejected(.unknownEvent(event))
        case .noneAvailable: return .rejected(.notAllowed(event, in: current))
        case .declined: return .rejected(.declinedByGuard(event, in: current))
        case .chosen(let chosen): rule = chosen
        }
        do {
            changes += try fire(rule, from: current, event: event, payload: pending.payload, definition)
            try settle(&changes, from: current, definition)
        } catch {
            return changes.isEmpty ? .rejected(error) : .interrupted(changes, error)
        }
        return .transitioned(changes)
    }

    /// Fires automatic transitions from the current state until none applies.
    private func settle(
        _ changes: inout [Change<State, Event>], from start: State, _ definition: Definition
    ) throws(TransitionError<State, Event>) {
        var fired = 0
        while true {
            let current = changes.last?.target ?? start
            let guardContext = context(source: current, event: nil, payload: nil, target: nil)
            guard case .chosen(let rule) = definition.choose(nil, in: current, context: guardContext) else { return }
            fired += 1
            guard fired <= Self.automaticLimit else { throw .automaticTransitionLoop(after: fired - 1, in: current) }
            changes += try fire(rule, from: current, event: nil, payload: nil, definition)
        }
    }

    /// Fires `rule`, then enters initial children if the target is a compound state; returns
    /// the change into the target followed by one change per initial child entered.
    private func fire(
        _ box: RuleBox<State, Event>, from source: State, event: Event?, payload: (any Sendable)?,
        _ definition: Definition
    ) throws(TransitionError<State, Event>) -> [Change<State, Event>] {
        let rule = box.rule
        let before = context(source: source, event: event, payload: payload, target: nil)
        rule.willFire?(before)
        if rule.targets.isEmpty, rule.handler == nil {
            // Targetless: its work is its effects; the machine stays where it is.
            rule.didFire?(before)
            rule.effects.forEach { $0(before) }
            return []
        }
        let target: State
        if let handler = rule.handler {
            do {
                target = try handler(before)
            } catch {
                throw .handlerFailed(String(describing: error), event: event)
            }
        } else if let only = rule.targets.first {
            target = only
        } else {
            throw .invalidTarget(source, allowed: [], event: event)
        }
        guard rule.targets.contains(target) else {
            throw .invalidTarget(target, allowed: rule.targets, event: event)
        }
        var changes = [step(from: source, to: target, event: event, payload: payload, rule: rule, definition)]
        for child in definition.entryPath(into: target).dropFirst() {
            changes.append(step(from: changes[changes.count - 1].target, to: child, event: nil, payload: payload, rule: nil, definition))
        }
        return changes
    }

    /// Moves from `source` to `target`, running hooks, the rule's `didFire` and effects, and
    /// observers (steps 4 to 8 of the documented order).
    private func step(
        from source: State, to target: State, event: Event?, payload: (any Sendable)?,
        rule: TransitionRule<State, Event>?, _ definition: Definition
    ) -> Change<State, Event> {
        let during = context(source: source, event: event, payload: payload, target: target)
        let sourceHooks = definition.hooks(of: source)
        let targetHooks = definition.hooks(of: target)
        sourceHooks?.willExit.forEach { $0(during) }
        targetHooks?.willEnter.forEach { $0(during) }
        let change = Change(source: source, target: target, event: event)
        let observers = core.withLock { core in
            core.state = target
            core.history.append(change)
            return core.observers
        }
        sourceHooks?.didExit.forEach { $0(during) }
        targetHooks?.didEnter.forEach { $0(during) }
        rule?.didFire?(during)
        rule?.effects.forEach { $0(during) }
        observers.forEach { $0.callback(change) }
        return change
    }

    private func context(source: State, event: Event?, payload: (any Sendable)?, target: State?) -> TransitionContext<State, Event> {
        TransitionContext(machine: self, source: source, event: event, payload: payload, target: target)
    }

    // MARK: Observation

    /// Calls `callback` after every accepted transition, on the thread that processed it,
    /// until the returned observation is cancelled.
    @discardableResult
    public func observe(_ callback: @escaping @Sendable (Change<State, Event>) -> Void) -> Observation {
        let id = core.withLock { core -> UInt64 in
            core.nextObserverID += 1
            core.observers.append(Observer(id: core.nextObserverID, callback: callback))
            return core.nextObserverID
        }
        return Observation { [weak self] in
            self?.core.withLock { $0.observers.removeAll { $0.id == id } }
        }
    }

    /// Every accepted transition from now on, as an asynchronous sequence. Changes are
    /// buffered, so a slow consumer sees all of them, in order.
    public var changes: AsyncStream<Change<State, Event>> {
        let (stream, continuation) = AsyncStream<Change<State, Event>>.makeStream(bufferingPolicy: .unbounded)
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    // MARK: Static structure

    /// The machine's states, events and transitions as a validated ``FSMCore/Machine``:
    /// identifiers are the states' and events' descriptions, guards and effects are labels.
    public func graph(name: String? = nil) throws(MachineError) -> Machine {
        try core.withLock { $0.definition }.graph(name: name)
    }

    // MARK: Storage

    fileprivate struct Observer: Sendable {
        let id: UInt64
        let callback: @Sendable (Change<State, Event>) -> Void
    }

    private struct Pending: Sendable {
        /// `nil` asks the machine to re-evaluate its automatic transitions.
        let event: Event?
        let payload: (any Sendable)?
        let completion: Completion?
    }

    /// Where a waiting sender receives its event's result.
    private final class Completion: @unchecked Sendable {
        // Written once by the processing thread before `signal`, read after `wait`: the
        // semaphore orders the two.
        private var result: SendResult<State, Event> = .queued
        private let semaphore = DispatchSemaphore(value: 0)

        func finish(_ result: SendResult<State, Event>) {
            self.result = result
            semaphore.signal()
        }

        func wait() -> SendResult<State, Event> {
            semaphore.wait()
            return result
        }
    }

    typealias Definition = MachineDefinition<State, Event>

    private struct Core {
        var state: State
        var definition: Definition
        var history: BoundedHistory<Change<State, Event>>
        var queue: [Pending] = []
        var processingThread: pthread_t?
        /// In subscription order.
        var observers: [Observer] = []
        var nextObserverID: UInt64 = 0

        init(initialState: State, historyLimit: Int) {
            state = initialState
            definition = Definition(initialState: initialState)
            history = BoundedHistory(limit: historyLimit)
        }
    }
}


