public import FSMCore

extension Machine {
    /// The machine a transition function over two `CaseIterable` enums describes, so your own
    /// enum-based machine can be drawn and linted in one line:
    ///
    /// ```swift
    /// enum Door: CaseIterable { case open, closed, locked }
    /// enum Action: CaseIterable { case open, close, lock, unlock }
    /// func next(_ door: Door, _ action: Action) -> Door? { ... }
    ///
    /// let machine = try Machine(initial: Door.closed, transition: next)
    /// print(DOTWriter().write(machine))      // import FSMDOT
    /// let findings = machine.analyze()       // import FSMAnalysis
    /// ```
    ///
    /// Every state and every event is declared, in the enums' declaration order, so a state
    /// the function never reaches is an `unreachable-state` and an event it never handles an
    /// `unused-event`. `transition` is called once for each state and event: a state it
    /// returns is a transition (the state itself is a self-transition), `nil` means the event
    /// is not handled in that state. States and events are named by their descriptions.
    ///
    /// - Parameters:
    ///   - name: The machine's name, for diagrams.
    ///   - initial: The state the machine starts in.
    ///   - transition: Where `event` leads from `state`, or `nil`; it must not depend on
    ///     anything but its arguments, since the machine is what it returns now.
    /// - Throws: ``/FSMCore/MachineError`` when two states or two events print the same
    ///   description (or an empty one), since a diagram could not tell them apart.
    public init<State: CaseIterable & Equatable, Event: CaseIterable>(
        name: String? = nil, initial: State, transition: (_ state: State, _ event: Event) -> State?
    ) throws(MachineError) {
        func id(_ state: State) -> StateID { StateID(String(describing: state)) }
        var transitions: [Transition] = []
        for state in State.allCases {
            for event in Event.allCases {
                guard let target = transition(state, event) else { continue }
                transitions.append(Transition(from: id(state), on: EventID(String(describing: event)), to: id(target)))
            }
        }
        try self.init(
            name: name,
            states: State.allCases.map { FSMCore.State(id($0), kind: $0 == initial ? .initial : .normal) },
            events: Event.allCases.map { FSMCore.Event(EventID(String(describing: $0))) },
            transitions: transitions)
    }
}
