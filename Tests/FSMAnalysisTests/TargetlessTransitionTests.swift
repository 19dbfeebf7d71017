import FSMAnalysis
import FSMCore
import Testing

/// The rules read targetless and internal transitions by what they do: a targetless one runs
/// its effects and changes no state, an internal one does not leave its compound source.
@Suite struct TargetlessTransitionTests {
    static func findings(_ yaml: String, rule: String? = nil) throws -> [Finding] {
        let machine = try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "m.yaml")
        return machine.analyze().filter { rule == nil || $0.ruleID == rule }
    }

    static func flagged(_ yaml: String, _ rule: String) throws -> [String] {
        try findings(yaml, rule: rule).map { $0.states.map(\.rawValue).joined(separator: "+") }
    }

    /// A compound state's targetless transition does not enter its initial child, as the
    /// self-transition it used to be read as did.
    @Test func aTargetlessTransitionIsNoWayIntoAnInitialChild() throws {
        let machine = """
            initial: Idle
            states:
              - Idle
              - {id: Session, initial: Fresh}
              - {id: Fresh, parent: Session}
              - {id: Resumed, parent: Session}
            transitions:
              - {from: Idle, event: resume, to: Resumed}
              - {from: Resumed, event: back, to: Idle}
              - {from: Session, event: ping, effects: pong}
            """
        #expect(try Self.flagged(machine, "unreachable-state") == ["Fresh"])
        // An internal transition to a child enters that child, not the initial one.
        let inward = machine + "\n  - {from: Session, event: restart, to: Resumed, type: internal}"
        #expect(try Self.flagged(inward, "unreachable-state") == ["Fresh"])
        let toInitial = machine + "\n  - {from: Session, event: restart, to: Fresh, type: internal}"
        #expect(try Self.flagged(toInitial, "unreachable-state").isEmpty)
    }

    @Test func aStateWhoseOnlyTransitionsAreTargetlessIsADeadEndNotATrap() throws {
        let machine = """
            initial: Idle
            states: [Idle, Spin, {id: Done, final: true}]
            transitions:
              - {from: Idle, event: start, to: Spin}
              - {from: Idle, event: stop, to: Done}
              - {from: Spin, event: tick, effects: count}
              - {from: Spin, event: tock}
            """
        #expect(try Self.flagged(machine, "dead-end") == ["Spin"])
        #expect(try Self.flagged(machine, "trap").isEmpty)
        #expect(try Self.flagged(machine, "no-final-reachable").isEmpty)
        // A compound state's internal transition moves its children: not a dead end.
        let nested = """
            initial: Editor
            states:
              - {id: Editor, initial: Clean}
              - {id: Clean, parent: Editor}
              - {id: Dirty, parent: Editor}
            transitions:
              - {from: Clean, event: type, to: Dirty}
              - {from: Editor, event: revert, to: Clean, type: internal}
            """
        #expect(try Self.flagged(nested, "dead-end").isEmpty)
    }

    @Test func conflictsAndWitnessesNameATargetlessTransition() throws {
        let machine = """
            initial: Idle
            states: [Idle, Busy, Unused]
            transitions:
              - {from: Idle, event: tick}
              - {from: Idle, event: tick, to: Busy}
              - {from: Busy, event: done, to: Idle}
              - {from: Unused, event: poke}
            """
        let conflict = try #require(try Self.findings(machine, rule: "nondeterministic-trigger").first)
        #expect(
            conflict.message == "state 'Idle' has unguarded transitions on event 'tick' to no target (staying put) and 'Busy'; which one fires is undefined")
        guard case .transitions(let references) = conflict.witness else {
            Issue.record("no transitions in \(String(describing: conflict.witness))")
            return
        }
        #expect(references.map(\.text) == ["Idle --tick--> (no target)", "Idle --tick--> Busy"])
        #expect(try Self.flagged(machine, "unreachable-transition") == ["Unused"])
        #expect(try Self.flagged(machine, "unused-event").isEmpty)
        // Two targetless transitions on one event are one declaration twice.
        let twice = machine + "\n  - {from: Busy, event: ping}\n  - {from: Busy, event: ping}"
        #expect(try Self.flagged(twice, "duplicate-transition") == ["Busy"])
    }

    @Test func aFinalStatesTargetlessTransitionIsStillOutgoing() throws {
        let machine = """
            initial: Idle
            states: [Idle, {id: Done, final: true}]
            transitions:
              - {from: Idle, event: finish, to: Done}
              - {from: Done, event: log, effects: record}
            """
        #expect(try Self.flagged(machine, "final-has-outgoing") == ["Done"])
    }
}
