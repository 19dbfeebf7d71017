import FSMAnalysis
import FSMCore
import FSMInterop
import Testing

/// sismic's YAML statecharts, a format Python users keep statecharts in, written from sismic's
/// format documentation and its own test statecharts (which `scripts/setup` fetches, with its
/// examples, into the corpus), are read, and linted with sismic's rule that two enabled
/// transitions of one state are an error, not a choice.
@Suite struct SismicTests {
    static func read(_ yaml: String) throws -> ImportedMachine {
        try MachineDocumentImporter(syntax: .yaml).read(Array(yaml.utf8), path: "chart.yaml")
    }

    /// What the analyzer finds in a statechart whose root starts in `a` and holds `states`
    /// (YAML indented by six spaces; its first line is the chart's seventh).
    static func findings(ofRootHolding states: String) throws -> [Finding] {
        let imported = try read(
            "statechart:\n  name: priorities\n  root state:\n    name: root\n    initial: a\n    states:\n" + states)
        return Analyzer().analyze(imported.machine, semantics: imported.semantics)
    }

    /// The shape of sismic's elevator example: a root with parallel states, nested states
    /// with `initial`, guards, actions, entry code and a history state with `memory`.
    static let elevator = """
        statechart:
          name: Elevator
          description: An elevator with a floor listener
          preamble: |
            current = 0
            destination = 0
          root state:
            name: active
            parallel states:
              - name: floorListener
                initial: floorSelecting
                states:
                  - name: floorSelecting
                    transitions:
                      - target: floorSelecting
                        event: floorSelected
                        action: destination = event.floor
              - name: movingElevator
                initial: doorsOpen
                states:
                  - name: resume
                    type: deep history
                    memory: doorsOpen
                  - name: doorsOpen
                    transitions:
                      - target: doorsClosed
                        guard: destination != current
                        action: |
                          doors.close()
                          log('closing')
                      - target: doorsClosed
                        guard: after(10) and current > 0
                        action: destination = 0
                  - name: doorsClosed
                    on entry: doors.opened = False
                    transitions:
                      - target: moving
                        guard: destination != current
                  - name: moving
                    transitions:
                      - target: doorsOpen
                        guard: destination == current
                      - event: stop
                        target: halted
                  - name: halted
                    type: final
        """

    @Test func theStatechartIsRead() throws {
        let imported = try Self.read(Self.elevator)
        let machine = imported.machine
        #expect(imported.semantics.source == .sismic)
        #expect(machine.name == "Elevator")
        #expect(machine.summary == "An elevator with a floor listener")
        #expect(machine.initialState == "active")
        #expect(machine.regions(of: "active") == ["floorListener", "movingElevator"])
        #expect(machine.initialChild(of: "movingElevator") == "doorsOpen")
        #expect(machine.state("resume")?.pseudoState == .deepHistory)
        #expect(machine.transitions(from: "resume").map(\.targets) == [["doorsOpen"]])
        #expect(machine.state("halted")?.kind == .final)
        #expect(machine.state("doorsClosed")?.entryEffects == ["doors.opened = False"])
        #expect(machine.transitions(from: "doorsOpen").first?.effects == ["doors.close()", "log('closing')"])
        #expect(imported.warnings.map(\.message) == ["'preamble' is not analysed: fsmviz reads guards as opaque conditions"])
    }

    @Test func twoTransitionsThatMayBeEnabledTogetherAreSismicsError() throws {
        let imported = try Self.read(
            """
            statechart:
              name: door
              root state:
                name: door
                initial: closed
                states:
                  - name: closed
                    transitions:
                      - {target: open, event: push}
                      - {target: locked, event: push, guard: key is turned}
                  - name: open
                    transitions: [{target: closed, event: pull}]
                  - name: locked
                    transitions: [{target: closed, event: unlock}]
            """)
        // Read as a machine file, the guarded transition would be shadowed; sismic raises instead.
        let findings = Analyzer().analyze(imported.machine, semantics: imported.semantics)
        #expect(
            findings.map { "\($0.ruleID) \($0.severity): \($0.message)" } == [
                "nondeterministic-trigger warning: state 'closed' has transitions on event 'push' to 'open' and 'locked' that may be enabled together; when they are, sismic raises a nondeterminism error"
            ])
        // The elevator's two automatic transitions out of doorsOpen share their target: no finding.
        let elevator = try Self.read(Self.elevator)
        #expect(!Analyzer().analyze(elevator.machine, semantics: elevator.semantics).contains { $0.ruleID == "nondeterministic-trigger" })
    }

    /// sismic refuses a compound state whose `initial` names none of its children; fsmviz read
    /// it as entering no child and reported every child unreachable (found by
    /// scripts/ci/lint-compare on Tests/FSMInteropTests/Fixtures/sismic/wrong-initial.yaml).
    @Test func anInitialStateThatIsNotAChildIsAnError() throws {
        let chart = """
            statechart:
              name: Player
              root state:
                name: player
                initial: playing
                states:
                  - name: playing
                    initial: bufering
                    states:
                      - name: buffering
                      - name: streaming
            """
        #expect {
            try Self.read(chart)
        } throws: { error in
            (error as? MachineFileError)?.description
                == "chart.yaml:8:18: error: initial state 'bufering' of 'playing' is not one of its children; did you mean 'buffering'?"
        }
    }

    /// sismic keeps one of the two keys and drops the other without a word.
    @Test func aRootStateAndAnInitialStateTogetherAreRefusedAtBoth() throws {
        let chart = "statechart:\n  name: x\n  root state:\n    name: a\n  initial state:\n    name: b\n"
        #expect {
            try Self.read(chart)
        } throws: { error in
            (error as? MachineFileError)?.description
                == "chart.yaml:5:3: error: the statechart has both 'root state' (at 3:3) and 'initial state'; keep one"
        }
    }

    /// sismic's own test statechart `history.yaml` enters `loop` at its history state, which
    /// fsmviz refused as an initial history state: an initial pseudo-state now leads to it.
    @Test func aHistoryStateNamedInitialIsEnteredThroughAnInitialPseudoState() throws {
        let imported = try Self.read(
            """
            statechart:
              name: Shallow history
              root state:
                name: root
                initial: loop
                states:
                  - name: loop
                    initial: loop.H
                    transitions: [{target: pause, event: pause}]
                    states:
                      - name: s1
                        transitions: [{target: s2, event: next}]
                      - name: s2
                        transitions: [{target: loop.initial, event: next}]
                      - name: loop.initial
                        transitions: [{target: s1, event: next}]
                      - name: loop.H
                        type: shallow history
                        memory: s1
                  - name: pause
                    transitions: [{target: loop.H, event: continue}]
            """)
        let machine = imported.machine
        // `loop.initial` is taken by a state of the file, so the pseudo-state gets another name.
        let pseudo = try #require(machine.state("loop.initial2"))
        #expect(pseudo.pseudoState == .initial && pseudo.kind == .initial && pseudo.parent == "loop")
        #expect(machine.initialChild(of: "loop") == "loop.initial2")
        #expect(machine.transitions(from: "loop.initial2").map(\.targets) == [["loop.H"]])
        #expect(machine.state("loop.H")?.kind == .normal)
        let findings = Analyzer().analyze(machine, semantics: imported.semantics)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    /// A transition below an unguarded one of higher priority on the same event never fires:
    /// shadowed-transition says so, and reachability does not take it (sismic's own
    /// `priority.yaml` never enters `d`, which only such transitions lead to).
    @Test func aTransitionBelowAnUnguardedHigherPriorityNeverFires() throws {
        let findings = try Self.findings(
            ofRootHolding: """
                      - name: a
                        transitions:
                          - {target: b, event: e, priority: high}
                          - {target: c, event: e, guard: x, priority: high}
                          - {target: d, event: e, priority: low}
                          - {target: c, event: f}
                      - name: b
                        transitions:
                          - {target: d, event: e, guard: y, priority: 1}
                          - {target: a, event: e}
                      - name: c
                      - name: d
                """)
        let shadowed = findings.filter { $0.ruleID == "shadowed-transition" }.map(\.message)
        #expect(
            shadowed == [
                "transition a --e--> d can never fire: the unguarded a --e--> b has the higher priority (priority 1 against -1)"
            ], "\(shadowed)")
        // b's guarded transition to d may fire: below it, a lower priority is still considered.
        #expect(!findings.contains { $0.ruleID == "unreachable-state" }, "\(findings.map(\.message))")
        let unreachable = try Self.findings(
            ofRootHolding: """
                      - name: a
                        transitions:
                          - {target: b, event: e, priority: high}
                          - {target: d, event: e, priority: low}
                      - name: b
                      - name: d
                """
        ).filter { $0.ruleID == "unreachable-state" }
        #expect(unreachable.map(\.states) == [["d"]], "\(unreachable.map(\.message))")
    }

    /// sismic's `priority` (an integer, `high` or `low`): of a state's enabled transitions only
    /// the highest priority's compete, and none below an unguarded one (sismic's own test
    /// statechart `priority.yaml`).
    @Test func onlyTransitionsOfOnePriorityCompete() throws {
        func conflicts(_ transitions: String) throws -> [String] {
            try Self.findings(ofRootHolding: "      - name: a\n        transitions:\n\(transitions)\n      - name: b\n      - name: c\n      - name: d\n")
                .filter { $0.ruleID == "nondeterministic-trigger" }.map(\.message)
        }
        let high = "          - {target: b, event: e, priority: high}\n"
        #expect(try conflicts(high + "          - {target: c, event: e, priority: low}\n          - {target: d, event: e, priority: low}").isEmpty)
        #expect(try conflicts("          - {target: b, event: e, priority: 2}\n          - {target: c, event: e}").isEmpty)
        #expect(try conflicts("          - {target: b, event: e, priority: 1}\n          - {target: c, event: e, priority: 1}").count == 1)
        // Below a guarded transition, the lower priority's transitions still compete.
        let guarded = "          - {target: b, event: e, guard: x, priority: high}\n"
        #expect(try conflicts(guarded + "          - {target: c, event: e}\n          - {target: d, event: e}").count == 1)
        // Read as sismic reads them, with Python's int(): 1.5 is 1 and true is 1, like `high`.
        for written in ["1.5", "true", "\"1\"", "0x1"] {
            #expect(try conflicts(high + "          - {target: c, event: e, priority: \(written)}").count == 1, "\(written)")
        }
        do {
            _ = try conflicts("          - {target: b, event: e, priority: urgent}")
            Issue.record("read a priority that is neither a number nor high or low")
        } catch let error as MachineFileError {
            #expect(error.description == "chart.yaml:9:45: error: expected 'priority' to be an integer, 'high' or 'low', found a string")
        }
    }

    @Test func mistakesAreErrorsWithSuggestions() throws {
        do {
            _ = try Self.read("statechart:\n  name: x\n  root state:\n    name: a\n    on entri: x = 1\n")
            Issue.record("read a state with an unknown key")
        } catch let error as MachineFileError {
            #expect(error.description == "chart.yaml:5:5: error: unknown key 'on entri' in a state; did you mean 'on entry'?")
        }
    }
}
