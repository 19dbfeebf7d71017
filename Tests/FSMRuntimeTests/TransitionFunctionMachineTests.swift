import FSMAnalysis
import FSMCore
import FSMDOT
import FSMRuntime
import Testing

/// A user's own enum-based machine, drawn and linted through `Machine(initial:transition:)`.
@Suite struct TransitionFunctionMachineTests {
    enum Door: CaseIterable { case open, closed, locked, jammed }
    enum Action: CaseIterable { case open, close, lock, unlock, kick }

    static func next(_ door: Door, _ action: Action) -> Door? {
        switch (door, action) {
        case (.closed, .open): .open
        case (.open, .close): .closed
        case (.closed, .lock): .locked
        case (.locked, .unlock): .closed
        case (.locked, .lock): .locked
        default: nil
        }
    }

    @Test func everyStateAndEventIsDeclaredInOrder() throws {
        let machine = try Machine(name: "Door", initial: Door.closed, transition: Self.next)
        #expect(machine.name == "Door")
        #expect(machine.states.map(\.id) == ["open", "closed", "locked", "jammed"])
        #expect(machine.initialState == "closed")
        #expect(machine.events.map(\.id) == ["open", "close", "lock", "unlock", "kick"])
        #expect(
            machine.transitions.map { "\($0.source) -\($0.event?.rawValue ?? "")-> \($0.targets.map(\.rawValue))" } == [
                "open -close-> [\"closed\"]", "closed -open-> [\"open\"]", "closed -lock-> [\"locked\"]",
                "locked -lock-> [\"locked\"]", "locked -unlock-> [\"closed\"]",
            ])
    }

    @Test func lintSeesWhatTheFunctionNeverDoes() throws {
        let findings = try Machine(initial: Door.closed, transition: Self.next).analyze()
        #expect(findings.map(\.ruleID).sorted() == ["dead-end", "unreachable-state", "unused-event"])
        #expect(findings.flatMap(\.states) == ["jammed", "jammed"])
        #expect(findings.flatMap(\.events) == ["kick"])
    }

    @Test func itIsDrawnLikeAMachineFile() throws {
        let machine = try Machine(initial: Door.closed, transition: Self.next)
        let file = try MachineFileLoader.load(
            bytes: Array(
                """
                initial: closed
                states: [open, closed, locked, jammed]
                events: [open, close, lock, unlock, kick]
                transitions:
                  - {from: open, event: close, to: closed}
                  - {from: closed, event: open, to: open}
                  - {from: closed, event: lock, to: locked}
                  - {from: locked, event: lock, to: locked}
                  - {from: locked, event: unlock, to: closed}
                """.utf8),
            format: .yaml, path: "door.yaml")
        #expect(DOTWriter().write(machine) == DOTWriter().write(file))
    }

    @Test func statesThatPrintAlikeAreRefused() {
        enum Twin: CaseIterable, CustomStringConvertible {
            case first, second
            var description: String { "twin" }
        }
        #expect(throws: MachineError.duplicateState("twin", at: nil, firstDeclaredAt: nil)) {
            try Machine(initial: Twin.first, transition: { (_: Twin, _: Action) in nil })
        }
    }
}
