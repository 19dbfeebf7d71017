import FSMAnalysis
import FSMCore
import Testing

/// Every rule at once on a machine of a million states: a recursive search, a per-state
/// allocation or a quadratic step in any of them would overflow the stack or never finish.
@Suite struct LargeMachineAnalysisTests {
    @Test func everyRuleRunsOnAMillionStateChain() throws {
        // s0 -> ... -> s999999 -> s0, one strongly connected component; its last state also
        // finishes (so the trap rule runs) and leads to a dead end a million steps from s0.
        let count = 1_000_000
        var states = [State("s0", kind: .initial)]
        states.reserveCapacity(count + 2)
        var transitions: [Transition] = []
        transitions.reserveCapacity(count + 2)
        for index in 1..<count {
            states.append(State(StateID("s\(index)")))
            transitions.append(Transition(from: StateID("s\(index - 1)"), on: "next", to: StateID("s\(index)")))
        }
        let last = StateID("s\(count - 1)")
        states += [State("Done", kind: .final), State("Stuck")]
        transitions += [
            Transition(from: last, on: "next", to: "s0"),
            Transition(from: last, on: "finish", to: "Done"),
            Transition(from: last, on: "fail", to: "Stuck"),
        ]
        let findings = try Machine(states: states, transitions: transitions).analyze()
        #expect(findings.map(\.ruleID) == ["dead-end"])
        guard case .path(let steps) = findings.first?.witness else {
            Issue.record("the dead end has no witness path")
            return
        }
        #expect(steps.count == count + 1)
        #expect(steps.first?.state == "s0")
        #expect(steps.last?.state == "Stuck")
    }

    /// 5,000 transitions each enter two neighbouring regions of one 5,000-region parallel
    /// state together: the other regions are entered with their defaults once, not once per
    /// transition (25 million times).
    @Test func manyForksIntoOneWideParallelStateStayLinear() throws {
        let count = 5_000
        var states = [State("Start", kind: .initial), State("P", isParallel: true)]
        for index in 0..<count {
            states += [
                State(StateID("r\(index)"), parent: "P"), State(StateID("a\(index)"), kind: .initial, parent: StateID("r\(index)")),
                State(StateID("b\(index)"), parent: StateID("r\(index)")),
            ]
        }
        let transitions = (0..<count).map { index in
            Transition(from: "Start", on: EventID("fork\(index)"), to: [StateID("b\(index)"), StateID("b\((index + 1) % count)")])
        }
        let machine = try Machine(states: states, transitions: transitions)
        #expect(machine.transitions.allSatisfy(machine.entersTogether))
        #expect(Analyzer(rules: [UnreachableState.self]).analyze(machine).isEmpty, "every region's default and every target is entered")
    }
}
