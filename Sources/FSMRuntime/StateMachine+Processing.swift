// The event loop. Everything here is `@inlinable` so that a client specializes it for its own
// `State` and `Event`: unspecialized, each comparison, hash and array of `Change` went through
// generic metadata, which cost microseconds per event.

extension StateMachine {
    /// Sends `event`, with an optional `payload` handlers can read from their context.
    ///
    /// When the machine is idle, the event is processed on this thread before `send` returns,
    /// followed by anything queued meanwhile. When a transition is running (on this thread,
    /// from a callback, or on another), the event is queued and `send` returns
    /// ``SendResult/queued`` without waiting.
    @inlinable @discardableResult
    public func send(_ event: Event, payload: (any Sendable)? = nil) -> SendResult<State, Event> {
        enqueue(event, payload: payload, completion: nil) ?? .queued
    }

    /// Sends `event` and returns once it has been processed, with what it did.
    ///
    /// Unlike ``send(_:payload:)``, the result is never ``SendResult/queued``: when a
    /// transition is running, this suspends (without blocking a thread) until the thread
    /// processing the machine has run the event.
    public func sendAndWait(_ event: Event, payload: (any Sendable)? = nil) async -> SendResult<State, Event> {
        await withCheckedContinuation { continuation in
            if let result = enqueue(event, payload: payload, completion: continuation) {
                continuation.resume(returning: result)
            }
        }
    }

    /// Takes any automatic transition whose guard now allows it, in turn with queued events.
    /// Call it when something a guard reads has changed outside the machine, such as the
    /// result of work a state started.
    @inlinable @discardableResult
    public func evaluateAutomaticTransitions() -> SendResult<State, Event> {
        enqueue(nil, payload: nil, completion: nil) ?? .queued
    }

    /// Processes the event here if the machine is idle and returns its result; otherwise
    /// queues it (with `completion`, resumed once it ran) and returns `nil`.
    @inlinable
    func enqueue(
        _ event: Event?, payload: (any Sendable)?, completion: CheckedContinuation<SendResult<State, Event>, Never>?
    ) -> SendResult<State, Event>? {
        lock.lock()
        if storage.pointee.isProcessing {
            storage.pointee.queue.append(Pending(event: event, payload: payload, completion: completion))
            lock.unlock()
            return nil
        }
        let tables = storage.pointee.tables()
        let state = storage.pointee.state
        let stateIndex = storage.pointee.stateIndex
        if let event, storage.pointee.observers.isEmpty, let eventIndex = tables.index(of: event) {
            let target = tables.plainTargets[tables.slot(eventIndex, state: stateIndex)]
            if target >= 0 {
                // Nothing to call back, so the whole transition fits in this one critical
                // section, as in a `switch` behind a lock.
                let change = Change(source: state, target: tables.states[target], event: event)
                storage.pointee.state = change.target
                storage.pointee.stateIndex = target
                storage.pointee.history.append(change)
                if storage.pointee.plainResult.isEmpty {
                    storage.pointee.plainResult.append(change)
                } else {
                    storage.pointee.plainResult[0] = change
                }
                let result = storage.pointee.plainResult
                lock.unlock()
                return .transitioned(result)
            }
        }
        storage.pointee.isProcessing = true
        lock.unlock()
        let result = process(event, payload: payload, in: state, at: stateIndex, tables)
        drain()
        return result
    }

    /// Runs queued events until none is left, then gives up the processing role.
    @inlinable
    func drain() {
        while true {
            lock.lock()
            guard let next = storage.pointee.queue.popFirst() else {
                storage.pointee.isProcessing = false
                lock.unlock()
                return
            }
            let tables = storage.pointee.tables()
            let state = storage.pointee.state
            let stateIndex = storage.pointee.stateIndex
            lock.unlock()
            let result = process(next.event, payload: next.payload, in: state, at: stateIndex, tables)
            next.completion?.resume(returning: result)
        }
    }

    @inlinable
    func process(
        _ event: Event?, payload: (any Sendable)?, in state: State, at stateIndex: Int,
        _ tables: CompiledMachine<State, Event>
    ) -> SendResult<State, Event> {
        var changes: [Change<State, Event>] = []
        var current = (state: state, index: stateIndex)
        do throws(TransitionError<State, Event>) {
            if let event {
                guard let eventIndex = tables.index(of: event), tables.eventHasRules[eventIndex] else {
                    return .rejected(.unknownEvent(event))
                }
                switch choose(tables.slot(eventIndex, state: current.index), tables, source: current.state, event: event, payload: payload) {
                case .noneAvailable: return .rejected(.notAllowed(event, in: current.state))
                case .declined: return .rejected(.declinedByGuard(event, in: current.state))
                case .chosen(let rule):
                    current = try fire(rule, from: current, event: event, payload: payload, tables, into: &changes)
                }
            }
            // Automatic transitions available in the state reached, until none applies.
            var fired = 0
            while tables.hasAutomaticRules,
                case .chosen(let rule) = choose(tables.slot(nil, state: current.index), tables, source: current.state, event: nil, payload: nil)
            {
                fired += 1
                guard fired <= Self.automaticLimit else {
                    throw .automaticTransitionLoop(after: fired - 1, in: current.state)
                }
                current = try fire(rule, from: current, event: nil, payload: nil, tables, into: &changes)
            }
        } catch {
            return changes.isEmpty ? .rejected(error) : .interrupted(changes, error)
        }
        return .transitioned(changes)
    }

    @usableFromInline enum Choice {
        case noneAvailable
        case declined
        case chosen(RuleBox<State, Event>)
    }

    /// The first candidate of `slot` whose guard allows it.
    @inlinable
    func choose(
        _ slot: Int, _ tables: CompiledMachine<State, Event>, source: State, event: Event?, payload: (any Sendable)?
    ) -> Choice {
        var index = tables.candidateStarts[slot]
        let end = tables.candidateStarts[slot + 1]
        guard index < end else { return .noneAvailable }
        while index < end {
            let box = tables.candidates[index]
            guard let allows = box.rule.guardCondition else { return .chosen(box) }
            if allows(context(source: source, event: event, payload: payload, target: nil)) { return .chosen(box) }
            index += 1
        }
        return .declined
    }

    /// Fires `box`, then enters initial children if the target is a compound state, appending
    /// the change into the target and one per initial child entered; returns where it ended.
    @inlinable
    func fire(
        _ box: RuleBox<State, Event>, from source: (state: State, index: Int), event: Event?,
        payload: (any Sendable)?, _ tables: CompiledMachine<State, Event>, into changes: inout [Change<State, Event>]
    ) throws(TransitionError<State, Event>) -> (state: State, index: Int) {
        guard !box.isPlain else {
            let index = box.targetIndices[0]
            return enter((tables.states[index], index), from: source, event: event, payload: payload, rule: nil, tables, into: &changes)
        }
        // Copied only here: a rule is a struct of closures, each copy a row of retains.
        let rule = box.rule
        let before = context(source: source.state, event: event, payload: payload, target: nil)
        rule.willFire?(before)
        if rule.targets.isEmpty, rule.handler == nil {
            // Targetless: its work is its effects; the machine stays where it is.
            rule.didFire?(before)
            for effect in rule.effects { effect(before) }
            return source
        }
        guard let handler = rule.handler else {
            guard let only = box.targetIndices.first else { throw .invalidTarget(source.state, allowed: [], event: event) }
            return enter((tables.states[only], only), from: source, event: event, payload: payload, rule: rule, tables, into: &changes)
        }
        let chosen: State
        do {
            chosen = try handler(before)
        } catch {
            throw .handlerFailed(String(describing: error), event: event)
        }
        guard let position = rule.targets.firstIndex(of: chosen), position < box.targetIndices.count else {
            throw .invalidTarget(chosen, allowed: rule.targets, event: event)
        }
        // The handler's value, not the declared one: equal states may carry different data.
        return enter((chosen, box.targetIndices[position]), from: source, event: event, payload: payload, rule: rule, tables, into: &changes)
    }

    /// Steps into `target` and then down its initial children.
    @inlinable
    func enter(
        _ target: (state: State, index: Int), from source: (state: State, index: Int), event: Event?,
        payload: (any Sendable)?, rule: TransitionRule<State, Event>?, _ tables: CompiledMachine<State, Event>,
        into changes: inout [Change<State, Event>]
    ) -> (state: State, index: Int) {
        var current = source
        step(from: current, to: target, event: event, payload: payload, rule: rule, tables, into: &changes)
        current = target
        for child in tables.initialDescendants[target.index] {
            let next = (state: tables.states[child], index: child)
            step(from: current, to: next, event: nil, payload: payload, rule: nil, tables, into: &changes)
            current = next
        }
        return current
    }

    /// Moves from `source` to `target`, running hooks, the rule's `didFire` and effects, and
    /// observers (steps 4 to 8 of the documented order).
    @inlinable
    func step(
        from source: (state: State, index: Int), to target: (state: State, index: Int), event: Event?,
        payload: (any Sendable)?, rule: TransitionRule<State, Event>?, _ tables: CompiledMachine<State, Event>,
        into changes: inout [Change<State, Event>]
    ) {
        let sourceHooks = tables.hooks[source.index]
        let targetHooks = tables.hooks[target.index]
        let hasCallbacks = sourceHooks != nil || targetHooks != nil || rule != nil
        let during = hasCallbacks ? context(source: source.state, event: event, payload: payload, target: target.state) : nil
        if let during {
            sourceHooks?.willExit.forEach { $0(during) }
            targetHooks?.willEnter.forEach { $0(during) }
        }
        let change = Change(source: source.state, target: target.state, event: event)
        lock.lock()
        storage.pointee.state = target.state
        storage.pointee.stateIndex = target.index
        storage.pointee.history.append(change)
        let observers = storage.pointee.observers.isEmpty ? nil : storage.pointee.observers
        lock.unlock()
        changes.append(change)
        if let during {
            sourceHooks?.didExit.forEach { $0(during) }
            targetHooks?.didEnter.forEach { $0(during) }
            rule?.didFire?(during)
            rule?.effects.forEach { $0(during) }
        }
        observers?.forEach { $0.callback(change) }
    }

    @inlinable
    func context(source: State, event: Event?, payload: (any Sendable)?, target: State?) -> TransitionContext<State, Event> {
        TransitionContext(machine: self, source: source, event: event, payload: payload, target: target)
    }
}
