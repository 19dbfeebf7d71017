import FSMCore
import Testing

@Suite struct MachineTests {
    private let door = [State("Closed", kind: .initial), State("Open"), State("Locked")]

    @Test func keepsDeclarationOrderAndAddsUndeclaredEventsInOrderOfUse() throws {
        let machine = try Machine(
            states: door,
            events: [Event("lock")],
            transitions: [
                Transition(from: "Closed", on: "open", to: "Open"),
                Transition(from: "Open", on: "close", to: "Closed"),
                Transition(from: "Closed", on: "lock", to: "Locked"),
            ])
        #expect(machine.states.map(\.id) == ["Closed", "Open", "Locked"])
        #expect(machine.events.map(\.id) == ["lock", "open", "close"])
        #expect(machine.event("open")?.location == nil)
        #expect(machine.initialState == "Closed")
        #expect(machine.transitions(from: "Closed").map(\.event) == ["open", "lock"])
        #expect(machine.transitions(from: "Locked").isEmpty)
    }

    @Test func rejectsUnknownTransitionStates() {
        #expect(throws: MachineError.unknownTransitionState("Ajar", role: .target, at: nil)) {
            try Machine(states: door, transitions: [Transition(from: "Closed", on: "open", to: "Ajar")])
        }
        #expect(throws: MachineError.unknownTransitionState("Ajar", role: .source, at: nil)) {
            try Machine(states: door, transitions: [Transition(from: "Ajar", on: "open", to: "Open")])
        }
    }

    @Test func rejectsDuplicateStatesAndEvents() {
        let first = SourceLocation(line: 2, column: 3)
        let second = SourceLocation(line: 5, column: 3)
        #expect(throws: MachineError.duplicateState("A", at: second, firstDeclaredAt: first)) {
            try Machine(
                states: [State("A", kind: .initial, location: first), State("A", location: second)],
                transitions: [])
        }
        #expect(throws: MachineError.duplicateEvent("go", at: second, firstDeclaredAt: first)) {
            try Machine(
                states: door, events: [Event("go", location: first), Event("go", location: second)],
                transitions: [])
        }
    }

    @Test func requiresExactlyOneTopLevelInitialState() {
        #expect(throws: MachineError.missingInitialState) {
            try Machine(states: [State("A"), State("B")], transitions: [])
        }
        #expect(throws: MachineError.multipleInitialStates(["A", "B"], parent: nil, at: nil)) {
            try Machine(states: [State("A", kind: .initial), State("B", kind: .initial)], transitions: [])
        }
        #expect(throws: MachineError.multipleInitialStates(["X", "Y"], parent: "P", at: nil)) {
            try Machine(
                states: [
                    State("P", kind: .initial), State("X", kind: .initial, parent: "P"),
                    State("Y", kind: .initial, parent: "P"),
                ],
                transitions: [])
        }
    }

    @Test func rejectsParentCyclesAndUnknownParents() {
        #expect(throws: MachineError.parentCycle(["B", "C"], at: nil)) {
            try Machine(
                states: [State("A", kind: .initial), State("B", parent: "C"), State("C", parent: "B")],
                transitions: [])
        }
        #expect(throws: MachineError.parentCycle(["A"], at: nil)) {
            try Machine(states: [State("A", kind: .initial, parent: "A")], transitions: [])
        }
        #expect(throws: MachineError.unknownParent("Nowhere", of: "A", at: nil)) {
            try Machine(states: [State("A", kind: .initial, parent: "Nowhere")], transitions: [])
        }
    }

    @Test func hierarchyQueries() throws {
        let machine = try Machine(
            states: [
                State("Auth", kind: .initial), State("SignedOut", kind: .initial, parent: "Auth"),
                State("SignedIn", parent: "Auth"), State("Done", kind: .final),
            ],
            transitions: [Transition(from: "Auth", on: "quit", to: "Done")])
        #expect(machine.children(of: "Auth") == ["SignedOut", "SignedIn"])
        #expect(machine.children(of: nil) == ["Auth", "Done"])
        #expect(machine.isCompound("Auth"))
        #expect(!machine.isCompound("SignedIn"))
        #expect(machine.state("Done")?.kind == .final)
    }

    @Test func deepHierarchyIsCheckedWithoutRecursion() throws {
        let depth = 50_000
        var states = [State("s0", kind: .initial)]
        for level in 1..<depth { states.append(State(StateID("s\(level)"), parent: StateID("s\(level - 1)"))) }
        let machine = try Machine(states: states, transitions: [])
        #expect(machine.states.count == depth)
    }
}
