import FSMCore
import Testing

/// `print(machine)` shows the machine as a person reads it: its states, nested under their
/// parents, and its transitions, not the index arrays it keeps for lookups.
@Suite struct MachineDescriptionTests {
    @Test func printingAMachineShowsItsStatesAndTransitions() throws {
        let machine = try Machine(
            name: "Door",
            states: [
                State("Closed", kind: .initial), State("Open"), State("Ajar", parent: "Open"), State("Wide", parent: "Open"),
                State("Gone", kind: .final),
            ],
            transitions: [
                Transition(from: "Closed", on: "open", to: "Ajar"),
                Transition(from: "Ajar", on: "push", to: "Wide", guard: "strong", effects: ["creak"]),
                Transition(from: "Open", on: "close", to: "Closed"),
                Transition(from: "Closed", on: nil, to: "Gone"),
            ])
        #expect(
            String(describing: machine) == """
                Door: 5 states, 4 transitions, initial state Closed
                  Closed
                  Open
                    Ajar
                    Wide
                  Gone (final)
                  Closed --open--> Ajar
                  Ajar --push [strong] / creak--> Wide
                  Open --close--> Closed
                  Closed --> Gone
                """)
    }
}
