internal import FSMCore

/// Which of the events an SCXML or XState interpreter raises itself (`done.state.X`,
/// `done.invoke.X`, `error.invoke.X`) a machine can ever see.
///
/// A state is *done* when it enters a final child; a parallel state when every region is
/// done. An invocation's events come only from that invocation. SCXML matches event
/// descriptors by prefix of dot-separated tokens (`done.state.a` also matches the event of a
/// state `a.b`), so names are compared that way for SCXML. An event the machine raises by
/// hand (its name appears in an effect, such as `<raise event="done.state.X">`) is taken as
/// possible.
///
/// Only what a config shows is claimed. In XState a state's `done.state` event also goes by
/// the node's own `id` (`done.state.loader`), and actors spawned inside actions, which a config
/// cannot show, send `done.invoke.ID` in XState 4; so for XState a name that matches no state
/// is not reported, nor are invocation events.
struct PlatformEvents {
    private let machine: Machine
    private let semantics: MachineSemantics
    private var canBeDone: [Int: Bool] = [:]
    /// Every effect's text, for events raised by hand; read only for suspect events.
    private lazy var effects: [String] =
        machine.states.flatMap { $0.entryEffects + $0.exitEffects }
        + machine.transitions.flatMap(\.effects)

    init(_ machine: Machine, semantics: MachineSemantics) {
        self.machine = machine
        self.semantics = semantics
    }

    /// Why `event` can never occur, or `nil` if it can (or is not the interpreter's).
    mutating func whyNeverRaised(_ event: String) -> String? {
        let reason: String?
        if let state = Self.suffix(of: event, after: "done.state.") {
            reason = whyNeverDone(state)
        } else if semantics.source.followsSCXML,
            let id = Self.suffix(of: event, after: "done.invoke.") ?? Self.suffix(of: event, after: "error.invoke.")
        {
            reason = whyNeverInvoked(id)
        } else {
            reason = nil
        }
        guard let reason else { return nil }
        return effects.contains { $0.contains(event) } ? nil : reason
    }

    private static func suffix(of event: String, after prefix: String) -> String? {
        guard event.hasPrefix(prefix), event.count > prefix.count else { return nil }
        return String(event.dropFirst(prefix.count))
    }

    /// Whether the interpreter's name `name` is matched by the descriptor tail `tail`.
    private func matches(_ tail: String, _ name: String) -> Bool {
        name == tail || (semantics.source.followsSCXML && name.hasPrefix(tail + "."))
    }

    private mutating func whyNeverDone(_ name: String) -> String? {
        let candidates = machine.states.indices.filter { matches(name, machine.states[$0].id.rawValue) }
        guard !candidates.isEmpty else {
            return semantics.source.followsSCXML ? "no state '\(name)' exists, so it is never done" : nil
        }
        guard let state = candidates.first, candidates.allSatisfy({ !done($0) }) else { return nil }
        let id = machine.states[state].id
        let children = machine.index.children(of: state)
        if children.isEmpty { return "'\(id)' is atomic, so it is never done (only a compound or parallel state is)" }
        if machine.states[state].isParallel,
            let region = children.first(where: { machine.states[$0].pseudoState == nil && !done($0) })
        {
            return "parallel '\(id)' is done only when all its regions are, and its region '\(machine.states[region].id)' never is"
        }
        return "'\(id)' has no final child state, so it is never done"
    }

    /// Whether the state numbered `state` can be done at all.
    private mutating func done(_ state: Int) -> Bool {
        if let known = canBeDone[state] { return known }
        let children = machine.index.children(of: state).filter { machine.states[$0].pseudoState == nil }
        let result: Bool
        if children.isEmpty {
            result = false
        } else if machine.states[state].isParallel {
            result = children.allSatisfy { done($0) }
        } else {
            result = children.contains { machine.states[$0].kind == .final }
        }
        canBeDone[state] = result
        return result
    }

    private func whyNeverInvoked(_ id: String) -> String? {
        let invocations = semantics.invocations
        guard !invocations.isEmpty else { return "the machine invokes nothing" }
        if invocations.contains(where: { $0.id.map { matches(id, $0) } ?? true }) { return nil }
        let ids = invocations.compactMap(\.id)
        return "no invocation has the id '\(id)'" + Suggestion.hint(for: id, among: ids)
    }
}
