public import FSMCore

/// A machine up to what `MachineDiff` does not compare: source positions, the order of
/// states and events, and the order of transitions of different groups (those leaving one
/// source on one event keep their order, which is their priority).
public struct DiffEquivalence: Equatable, CustomStringConvertible {
    public var initialState: StateID
    public var states: [State]
    public var events: [Event]
    public var groups: [String: [Transition]]

    public init(_ machine: Machine) {
        initialState = machine.initialState
        states = machine.states.map {
            var state = $0
            state.location = nil
            return state
        }.sorted { $0.id < $1.id }
        events = machine.events.map {
            var event = $0
            event.location = nil
            return event
        }.sorted { $0.id < $1.id }
        var groups: [String: [Transition]] = [:]
        for transition in machine.transitions {
            var stripped = transition
            stripped.location = nil
            // A unit separator cannot occur in either identifier's meaning here.
            groups["\(transition.source.rawValue)\u{1F}\(transition.event?.rawValue ?? "")", default: []].append(stripped)
        }
        self.groups = groups
    }

    public var description: String {
        "initial \(initialState)\nstates \(states.map(\.id))\nevents \(events.map(\.id))\n"
            + groups.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
    }
}
