import FSMCore
import PropertyBased
import TestSupport
import Testing

/// Parallel states, pseudo-states and entry/exit effects: what the model accepts, what it
/// refuses, and how machine files spell them.
@Suite struct HierarchyModelTests {
    static func error(_ states: [State], _ transitions: [Transition] = []) -> String? {
        do {
            _ = try Machine(states: states, transitions: transitions)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func pseudoStatesAndParallelStatesAreValidated() {
        let top = State("Top", kind: .initial)
        #expect(Self.error([top, State("H", pseudoState: .history)]) == "history state 'H' must be nested in a compound state")
        #expect(Self.error([top, State("H", kind: .final, parent: "Top", pseudoState: .history)]) == "pseudo-state 'H' cannot be final")
        #expect(
            Self.error([top, State("I", parent: "Top", pseudoState: .initial), State("A", parent: "Top")], [Transition(from: "I", on: nil, to: "A")])
                == "initial pseudo-state 'I' must be the initial child of its parent (or the machine's initial state)")
        #expect(
            Self.error([top, State("I", kind: .initial, parent: "Top", pseudoState: .initial)])
                == "pseudo-state 'I' has 0 transitions; an initial pseudo-state needs exactly one and a history state at most one (its default transition)")
        #expect(
            Self.error(
                [top, State("H", parent: "Top", pseudoState: .history), State("A", parent: "Top")],
                [Transition(from: "H", on: "e", to: "A")]) == "the default transition of pseudo-state 'H' must have no event and no guard")
        #expect(
            Self.error(
                [top, State("H", parent: "Top", pseudoState: .history), State("Other")],
                [Transition(from: "H", on: nil, to: "Other")])
                == "the default transition of pseudo-state 'H' targets 'Other', which is not nested in its parent")
        #expect(
            Self.error(
                [State("I", kind: .initial, pseudoState: .initial), State("A")],
                [Transition(from: "I", on: nil, to: "A"), Transition(from: "A", on: "e", to: "I")])
                == "initial pseudo-state 'I' is the target of a transition from 'A'; target its parent instead")
        #expect(Self.error([top, State("H", parent: "Top", pseudoState: .history), State("X", parent: "H")]) == "pseudo-state 'H' cannot have nested states")
        #expect(Self.error([top, State("P", kind: .final, isParallel: true)]) == "parallel state 'P' cannot be final")
        #expect(
            Self.error([State("P", kind: .initial, isParallel: true), State("R", kind: .initial, parent: "P")])
                == "region 'R' of parallel state 'P' is marked initial; a parallel state enters all its regions")
    }

    @Test func severalTargetsInDifferentRegionsAreEnteredTogether() throws {
        let machine = try Machine(
            states: [
                State("Start", kind: .initial), State("P", isParallel: true), State("R1", parent: "P"), State("R2", parent: "P"),
                State("A", kind: .initial, parent: "R1"), State("B", parent: "R1"), State("C", kind: .initial, parent: "R2"),
            ],
            transitions: [
                Transition(from: "Start", on: "fork", to: ["B", "C"]), Transition(from: "Start", on: "pick", to: ["A", "B"]),
            ])
        #expect(machine.entersTogether(machine.transitions[0]))
        #expect(!machine.entersTogether(machine.transitions[1]))
        #expect(machine.areOrthogonal("A", "C") && !machine.areOrthogonal("A", "B") && !machine.areOrthogonal("P", "A"))
        #expect(machine.regions(of: "P") == ["R1", "R2"])
    }

    @Test(arguments: MachineFileFormat.allCases)
    func machineFilesSpellTheNewKeysAndReadThemBack(format: MachineFileFormat) throws {
        let yaml = """
            initial: Top
            states:
              - {id: Top, initial: Top.initial, entry: [open, log], exit: close}
              - {id: Top.initial, parent: Top, pseudo: initial}
              - {id: P, parent: Top, parallel: true}
              - {id: R1, parent: P, initial: A}
              - {id: A, parent: R1}
              - {id: H, parent: R1, pseudo: deep-history}
              - {id: R2, parent: P, initial: B}
              - {id: B, parent: R2}
            transitions:
              - {from: Top.initial, to: [A, B]}
              - {from: H, to: A}
              - {from: A, event: e, to: H}
            """
        let machine = try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "m.yaml")
        #expect(machine.state("Top")?.entryEffects == ["open", "log"])
        #expect(machine.state("Top")?.exitEffects == ["close"])
        #expect(machine.state("P")?.isParallel == true)
        #expect(machine.state("H")?.pseudoState == .deepHistory)
        #expect(machine.initialChild(of: "Top") == "Top.initial")
        let text = try MachineFileWriter.write(machine, as: format)
        let reread = try MachineFileLoader.load(bytes: Array(text.utf8), format: format, path: "again")
        #expect(MachineModel(reread) == MachineModel(machine), "\(text)")
    }

    @Test func machineFileMistakesAboutTheNewKeysAreExplained() {
        func error(_ yaml: String) -> String {
            do {
                _ = try MachineFileLoader.load(bytes: Array(yaml.utf8), format: .yaml, path: "m.yaml")
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(
            error("initial: A\nstates: [{id: A, pseudo: histroy}]\ntransitions: []")
                == "m.yaml:2:26: error: unknown pseudo-state kind 'histroy'; did you mean 'history'?")
        #expect(
            error("initial: P\nstates: [{id: P, parallel: true, initial: A}, {id: A, parent: P}]\ntransitions: []")
                == "m.yaml:2:43: error: parallel state 'P' enters all its regions; it takes no 'initial'")
    }
}

/// `entersTogether` lays the targets' paths over one another instead of comparing every pair;
/// it must agree with the pairwise definition, and stay fast on a transition with many targets.
@Suite struct EntersTogetherTests {
    @Test func agreesWithEveryPairBeingOrthogonal() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 2000, input: Gen.int(in: 0...1_000_000).array(of: 40...80)) { numbers in
            var iterator = numbers.makeIterator()
            func next(_ bound: Int) -> Int { (iterator.next() ?? 0) % bound }
            let count = 2 + next(14)
            var states = [State("s0", kind: .initial)]
            for index in 1..<count {
                let parent = next(3) == 0 ? nil : StateID("s\(next(index))")
                states.append(State(StateID("s\(index)"), parent: parent))
            }
            let parents = Set(states.compactMap(\.parent))
            for index in states.indices where parents.contains(states[index].id) && next(2) == 0 { states[index].isParallel = true }
            let targets = (0..<(2 + next(4))).map { _ in StateID("s\(next(count))") }
            guard let machine = try? Machine(states: states, transitions: [Transition(from: "s0", on: "go", to: targets)]) else {
                return
            }
            accepted.add()
            let pairwise = targets.indices.allSatisfy { first in
                targets.indices.allSatisfy { second in first == second || machine.areOrthogonal(targets[first], targets[second]) }
            }
            #expect(machine.entersTogether(machine.transitions[0]) == pairwise, "\(states) \(targets)")
        }
        accepted.expect(atLeast: 1_800)
    }

    @Test func aForkIntoFiftyThousandRegionsIsRecognized() throws {
        let regions = (0..<50_000).map { State(StateID("r\($0)"), parent: "P") }
        let leaves = (0..<50_000).map { State(StateID("l\($0)"), kind: .initial, parent: StateID("r\($0)")) }
        let targets = leaves.map(\.id)
        let machine = try Machine(
            states: [State("Start", kind: .initial), State("P", isParallel: true)] + regions + leaves,
            transitions: [Transition(from: "Start", on: "fork", to: targets), Transition(from: "Start", on: "pick", to: targets + ["Start"])])
        #expect(machine.entersTogether(machine.transitions[0]))
        #expect(!machine.entersTogether(machine.transitions[1]))
    }
}
