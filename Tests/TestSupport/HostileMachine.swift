public import FSMCore
public import PropertyBased

/// Random valid machines whose every text — machine name and description, state ids and
/// labels, event ids and labels, guards, entry, exit and transition effects — is
/// ``HostileText``: nested states (each compound with an initial child), final states,
/// declared and undeclared events, automatic, multi-target, targetless and internal
/// transitions, and lint suppressions naming states.
///
/// A machine is built from two plain lists, texts and numbers, so the property checker can
/// shrink a failing machine by shrinking them.
public enum HostileMachine {
    /// Random machines.
    public static let machines = zip(HostileText.texts.array(of: 4...24), Gen<Int>.int(in: 0...9_999).array(of: 8...48))
        .map { texts, numbers in build(texts: texts, numbers: numbers) }

    /// The machine `texts` and `numbers` describe. Deterministic: the same lists give the
    /// same machine.
    public static func build(texts: [String], numbers: [Int]) -> Machine {
        var source = Source(texts: texts, numbers: numbers)
        // Identifiers must be unique and non-empty; a clash keeps the hostile text and adds a
        // number, so the id still holds it.
        var stateIDs = Set<StateID>()
        func uniqueState(_ text: String, _ index: Int) -> StateID {
            var id = StateID(text.isEmpty ? "s\(index)" : text)
            if stateIDs.contains(id) { id = StateID("\(text)\(index)") }
            while stateIDs.contains(id) { id = StateID("\(id.rawValue)_") }
            stateIDs.insert(id)
            return id
        }
        var states: [State] = []
        for index in 0..<(1 + source.number(6)) {
            var state = State(uniqueState(source.text(), index))
            if source.chance(3) { state.label = source.text() }
            if index > 0, source.chance(5) { state.kind = .final }
            // Nested in an earlier state that is not final; the first child of each compound
            // state is its initial one, as every format can say.
            if index > 1, source.chance(3), state.kind != .final {
                let candidates = states.indices.filter { states[$0].kind != .final }
                let parent = states[candidates[source.number(candidates.count)]]
                state.parent = parent.id
                // A parallel state's children are its regions, all entered: none is initial.
                if !parent.isParallel, !states.contains(where: { $0.parent == parent.id }) { state.kind = .initial }
            }
            // A state that may become parallel if children are nested in it later.
            if index > 0, state.kind != .final, source.chance(5) { state.isParallel = true }
            if source.chance(3) { state.entryEffects = (0..<(1 + source.number(2))).map { _ in source.text() } }
            if source.chance(4) { state.exitEffects = (0..<(1 + source.number(2))).map { _ in source.text() } }
            states.append(state)
        }
        states[0].kind = .initial
        var eventIDs = Set<EventID>()
        var events: [Event] = []
        for index in 0..<source.number(3) {
            let text = source.text()
            var id = EventID(text.isEmpty ? "e\(index)" : text)
            while eventIDs.contains(id) { id = EventID("\(id.rawValue)_") }
            eventIDs.insert(id)
            events.append(Event(id, label: source.chance(2) ? source.text() : nil))
        }
        var transitions: [Transition] = []
        for _ in 0..<source.number(7) {
            let from = states[source.number(states.count)].id
            var targets = [states[source.number(states.count)].id]
            if source.chance(4), states.count > 1 {
                let second = states[source.number(states.count)].id
                if second != targets[0] { targets.append(second) }
            }
            if source.chance(6) { targets = [] }
            // Internal on any transition, including those where it means external (as SCXML allows).
            let kind: TransitionKind = source.chance(4) ? .internal : .external
            let event: EventID?
            switch source.number(4) {
            case 0: event = nil
            case 1 where !events.isEmpty: event = events[source.number(events.count)].id
            default:
                let text = source.text()
                event = text.isEmpty ? nil : EventID(text)
            }
            transitions.append(
                Transition(
                    from: from, on: event, to: targets, guard: source.chance(3) ? source.text() : nil,
                    effects: source.chance(3) ? (0..<(1 + source.number(2))).map { _ in source.text() } : [], kind: kind))
        }
        var suppressions: [Suppression] = []
        if source.chance(4) { suppressions.append(Suppression(ruleID: "dead-end", state: states[source.number(states.count)].id)) }
        do {
            return try Machine(
                name: source.chance(3) ? nil : source.text(), summary: source.chance(2) ? source.text() : nil,
                states: states, events: events, transitions: transitions, suppressions: suppressions)
        } catch {
            // Valid by construction: a failure here is a bug in this builder, not in a writer.
            preconditionFailure("HostileMachine built an invalid machine: \(error)")
        }
    }

    /// Every text `machine` holds: name, description, ids, labels, guards and effects.
    public static func texts(of machine: Machine) -> [String] {
        var texts = [machine.name, machine.summary].compactMap { $0 }
        for state in machine.states {
            texts += [state.id.rawValue] + [state.label].compactMap { $0 } + state.entryEffects + state.exitEffects
        }
        for event in machine.events { texts += [event.id.rawValue] + [event.label].compactMap { $0 } }
        for transition in machine.transitions { texts += [transition.guardLabel].compactMap { $0 } + transition.effects }
        return texts
    }

    /// `machine` with every identifier passed through `id` and every other text through
    /// `text`, for a format that cannot hold some characters: the rest of the hostile text
    /// still gets through. `nil` when the rewrite makes two identifiers equal or one empty.
    public static func rewritten(_ machine: Machine, id: (String) -> String, text: (String) -> String) -> Machine? {
        func state(_ value: StateID) -> StateID { StateID(id(value.rawValue)) }
        func event(_ value: EventID) -> EventID { EventID(id(value.rawValue)) }
        return try? Machine(
            name: machine.name.map(text), summary: machine.summary.map(text),
            states: machine.states.map {
                State(
                    state($0.id), label: $0.label.map(text), kind: $0.kind, parent: $0.parent.map(state),
                    isParallel: $0.isParallel, pseudoState: $0.pseudoState, entryEffects: $0.entryEffects.map(text),
                    exitEffects: $0.exitEffects.map(text))
            },
            events: machine.events.map { Event(event($0.id), label: $0.label.map(text)) },
            transitions: machine.transitions.map {
                Transition(
                    from: state($0.source), on: $0.event.map(event), to: $0.targets.map(state),
                    guard: $0.guardLabel.map(text), effects: $0.effects.map(text), kind: $0.kind)
            },
            suppressions: machine.suppressions.map { Suppression(ruleID: $0.ruleID, state: $0.state.map(state)) })
    }

    /// Draws from the lists in turn, starting over at their ends.
    private struct Source {
        let texts: [String]
        let numbers: [Int]
        var nextText = 0
        var nextNumber = 0

        mutating func text() -> String {
            defer { nextText += 1 }
            return texts.isEmpty ? "" : texts[nextText % texts.count]
        }

        /// A number in `0..<bound`.
        mutating func number(_ bound: Int) -> Int {
            defer { nextNumber += 1 }
            guard bound > 0, !numbers.isEmpty else { return 0 }
            return numbers[nextNumber % numbers.count] % bound
        }

        /// True one time in `odds`.
        mutating func chance(_ odds: Int) -> Bool { number(odds) == 0 }
    }
}
