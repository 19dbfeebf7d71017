import FSMAnalysis
import FSMCore
import PropertyBased
import TestSupport
import Testing

/// The graph rules on random *hierarchical* machines (compound and parallel states, history
/// states, initial children, final states) against a naive fixpoint that applies the
/// statechart entry rules one at a time until nothing changes.
@Suite struct HierarchyPropertyTests {
    /// A random hierarchical machine, or `nil` when the numbers describe an invalid one.
    /// - Parameters: `parallel` and `forks` make one compound state in so many parallel and
    ///   one transition in so many a second target.
    static func machine(from numbers: [Int], parallel: Int = 4, forks: Int = 6) -> Machine? {
        var iterator = numbers.makeIterator()
        func next(_ bound: Int) -> Int { (iterator.next() ?? 0) % bound }
        let count = 2 + next(14)
        var parents = [Int](repeating: -1, count: count)
        for index in 1..<count where next(3) != 0 { parents[index] = next(index) }
        var children = [[Int]](repeating: [], count: count)
        for (index, parent) in parents.enumerated() where parent >= 0 { children[parent].append(index) }
        var states: [State] = []
        var isHistory = [Bool](repeating: false, count: count)
        for index in 0..<count {
            var state = State(StateID("s\(index)"), parent: parents[index] >= 0 ? StateID("s\(parents[index])") : nil)
            if children[index].isEmpty {
                if parents[index] >= 0, next(6) == 0 {
                    state.pseudoState = next(2) == 0 ? .history : .deepHistory
                    isHistory[index] = true
                } else if index > 0, next(6) == 0 {
                    state.kind = .final
                }
            } else if next(parallel) == 0 {
                state.isParallel = true
            }
            states.append(state)
        }
        states[0].kind = .initial
        for index in 0..<count where !children[index].isEmpty && !states[index].isParallel && next(5) != 0 {
            let candidates = children[index].filter { states[$0].kind == .normal && !isHistory[$0] }
            if !candidates.isEmpty { states[candidates[next(candidates.count)]].kind = .initial }
        }
        var transitions: [Transition] = []
        let sources = (0..<count).filter { !isHistory[$0] }
        for _ in 0..<next(2 * count + 1) {
            let source = sources[next(sources.count)]
            let event: EventID? = next(6) == 0 ? nil : EventID("e\(next(3))")
            var targets = [StateID("s\(next(count))")]
            if next(forks) == 0 { targets.append(StateID("s\(next(count))")) }
            transitions.append(Transition(from: StateID("s\(source)"), on: event, to: targets, guard: next(4) == 0 ? "g" : nil))
        }
        for index in 0..<count where isHistory[index] && next(2) == 0 {
            // A default transition to some other descendant of the history state's parent.
            var descendants: [Int] = []
            var pending = children[parents[index]]
            while let state = pending.popLast() {
                if state != index { descendants.append(state) }
                pending += children[state]
            }
            if !descendants.isEmpty {
                transitions.append(Transition(from: StateID("s\(index)"), on: nil, to: StateID("s\(descendants[next(descendants.count)])")))
            }
        }
        return try? Machine(states: states, transitions: transitions)
    }

    /// Reachability by fixpoint over the entry rules.
    struct Reference {
        let machine: Machine
        let count: Int
        let parents: [Int]
        let children: [[Int]]
        var active = Set<Int>()
        var entered = Set<Int>()

        static func number(_ id: StateID) -> Int { Int(id.rawValue.dropFirst()) ?? -1 }

        init(_ machine: Machine) {
            self.machine = machine
            count = machine.states.count
            parents = machine.states.map { $0.parent.map(Self.number) ?? -1 }
            var children = [[Int]](repeating: [], count: count)
            for (index, parent) in parents.enumerated() where parent >= 0 { children[parent].append(index) }
            self.children = children
            enterFromOutside(Self.number(machine.initialState))
            var changed = true
            while changed {
                let before = (active.count, entered.count)
                for state in entered { active.insert(state) }
                for state in active where parents[state] >= 0 { active.insert(parents[state]) }
                for state in entered {
                    let info = machine.states[state]
                    if info.isParallel {
                        entered.formUnion(regions(of: state))
                    } else if let initial = children[state].first(where: { machine.states[$0].kind == .initial }) {
                        entered.insert(initial)
                    }
                    if info.pseudoState?.isHistory == true {
                        let parent = parents[state]
                        if machine.transitions(from: info.id).isEmpty { entered.insert(parent) }
                        if info.pseudoState == .history {
                            for child in children[parent] where active.contains(child) && machine.states[child].pseudoState == nil {
                                entered.insert(child)
                            }
                        }
                    }
                }
                for state in active {
                    for transition in machine.transitions(from: machine.states[state].id) {
                        let targets = transition.targets.map(Self.number)
                        if targets.count > 1, isOrthogonal(targets) {
                            enterTogether(targets)
                        } else {
                            for target in targets { enterFromOutside(target) }
                        }
                    }
                }
                changed = (active.count, entered.count) != before
            }
        }

        func regions(of state: Int) -> [Int] {
            machine.states[state].isParallel ? children[state].filter { machine.states[$0].pseudoState == nil } : []
        }

        /// Entering `state` from outside its ancestors: each parallel ancestor enters its
        /// other regions.
        mutating func enterFromOutside(_ state: Int) {
            entered.insert(state)
            var child = state
            while parents[child] >= 0 {
                let ancestor = parents[child]
                active.insert(ancestor)
                for region in regions(of: ancestor) where region != child { entered.insert(region) }
                child = ancestor
            }
        }

        /// `state` and its ancestors.
        func path(_ state: Int) -> [Int] {
            var path = [state]
            while let last = path.last, parents[last] >= 0 { path.append(parents[last]) }
            return path
        }

        /// Whether every two of `states` lie in different regions of a parallel state that
        /// contains both (the definition, pair by pair).
        func isOrthogonal(_ states: [Int]) -> Bool {
            for (offset, first) in states.enumerated() {
                for second in states[(offset + 1)...] {
                    let firstPath = path(first)
                    guard let common = path(second).first(where: firstPath.contains),
                        common != first, common != second, machine.states[common].isParallel,
                        let firstRegion = firstPath.first(where: { parents[$0] == common }),
                        let secondRegion = path(second).first(where: { parents[$0] == common }),
                        firstRegion != secondRegion
                    else { return false }
                }
            }
            return true
        }

        /// Entering several states at once: their ancestors become active, and each parallel
        /// state on their paths enters, with their defaults, only the regions no target lies in.
        mutating func enterTogether(_ targets: [Int]) {
            let onPaths = Set(targets.flatMap(path))
            for target in targets { entered.insert(target) }
            for state in onPaths where !targets.contains(state) {
                active.insert(state)
                for region in regions(of: state) where !onPaths.contains(region) { entered.insert(region) }
            }
        }

        func hasTransitionBelow(_ state: Int) -> Bool {
            var pending = [state]
            while let next = pending.popLast() {
                if !machine.transitions(from: machine.states[next].id).isEmpty { return true }
                pending += children[next]
            }
            return false
        }

        /// Not final, a leaf, not a pseudo-state, and nothing can fire alongside it.
        func isDeadEnd(_ state: Int) -> Bool {
            let info = machine.states[state]
            guard info.kind != .final, children[state].isEmpty, info.pseudoState == nil else { return false }
            var child = state
            var current = state
            while current >= 0 {
                if !machine.transitions(from: machine.states[current].id).isEmpty { return false }
                if current != state, machine.states[current].isParallel {
                    for region in regions(of: current) where region != child && hasTransitionBelow(region) { return false }
                }
                child = current
                current = parents[current]
            }
            return true
        }
    }

    static let inputs = Gen.int(in: 0...10_000).array(of: 0...160)

    func flagged<R: Rule>(_ rule: R.Type, _ machine: Machine) -> Set<String> {
        Set(Analyzer(rules: [rule]).analyze(machine).flatMap { $0.states.map(\.rawValue) })
    }

    /// With many parallel states and transitions of two targets, some of which enter both
    /// together (one in each region), so entering several states at once is exercised.
    @Test func reachabilityWithForksMatchesTheFixpoint() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 500, input: Self.inputs) { numbers in
            guard let machine = Self.machine(from: numbers, parallel: 2, forks: 2) else { return }
            accepted.add()
            let reference = Reference(machine)
            let unreachable = (0..<reference.count).filter { !reference.active.contains($0) }.map { "s\($0)" }
            #expect(flagged(UnreachableState.self, machine) == Set(unreachable), "\(machine)")
        }
        accepted.expect(atLeast: 450)
    }

    @Test func reachabilityAndDeadEndsMatchTheFixpoint() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 500, input: Self.inputs) { numbers in
            guard let machine = Self.machine(from: numbers) else { return }
            accepted.add()
            let reference = Reference(machine)
            let unreachable = (0..<reference.count).filter { !reference.active.contains($0) }.map { "s\($0)" }
            #expect(flagged(UnreachableState.self, machine) == Set(unreachable), "\(machine)")
            let deadEnds = (0..<reference.count).filter(reference.isDeadEnd).map { "s\($0)" }
            #expect(flagged(DeadEnd.self, machine) == Set(deadEnds), "\(machine)")
            // Every witness path starts at the initial state and ends at the state it is for.
            let context = AnalysisContext(machine)
            for state in 0..<reference.count where context.reachable[state] {
                let path = context.path(to: state)
                #expect(path?.first?.state == machine.initialState)
            }
        }
        accepted.expect(atLeast: 450)
    }

    @Test func trapsMatchMutualReachabilityOverTheDocumentedGraph() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 300, input: Self.inputs) { numbers in
            guard let machine = Self.machine(from: numbers), machine.states.contains(where: { $0.kind == .final }) else { return }
            accepted.add()
            let reference = Reference(machine)
            // The documented graph: targets, initial child, regions, parent.
            var edges = [Set<Int>](repeating: [], count: reference.count)
            for state in 0..<reference.count {
                for transition in machine.transitions(from: machine.states[state].id) {
                    edges[state].formUnion(transition.targets.map(Reference.number))
                }
                if let initial = reference.children[state].first(where: { machine.states[$0].kind == .initial }) { edges[state].insert(initial) }
                edges[state].formUnion(reference.regions(of: state))
                if reference.parents[state] >= 0 { edges[state].insert(reference.parents[state]) }
            }
            var reaches = edges
            var changed = true
            while changed {
                changed = false
                for state in 0..<reference.count {
                    let grown = reaches[state].reduce(into: reaches[state]) { $0.formUnion(reaches[$1]) }
                    if grown != reaches[state] {
                        reaches[state] = grown
                        changed = true
                    }
                }
            }
            var expected = Set<Set<String>>()
            for state in reference.active {
                let members = Set((0..<reference.count).filter { $0 == state || (reaches[state].contains($0) && reaches[$0].contains(state)) })
                let leaving = members.flatMap { edges[$0] }
                guard !leaving.isEmpty, leaving.allSatisfy(members.contains), !members.contains(where: { machine.states[$0].kind == .final })
                else { continue }
                expected.insert(Set(members.map { "s\($0)" }))
            }
            #expect(Set(Analyzer(rules: [Trap.self]).analyze(machine).map { Set($0.states.map(\.rawValue)) }) == expected)
        }
        accepted.expect(atLeast: 120)
    }

    @Test func shallowHistoryReentersItsParentsChildrenWithTheirDefaults() throws {
        let machine = try MachineFileLoader.load(
            bytes: Array(
                """
                initial: Outside
                states:
                  - Outside
                  - {id: P, initial: A}
                  - {id: A, parent: P}
                  - {id: B, parent: P, initial: B1}
                  - {id: B1, parent: B}
                  - {id: B2, parent: B}
                  - {id: H, parent: P, pseudo: history}
                transitions:
                  - {from: Outside, event: deep, to: B2}
                  - {from: P, event: leave, to: Outside}
                  - {from: Outside, event: back, to: H}
                """.utf8), format: .yaml, path: "history.yaml")
        // B1 is entered only when the history state re-enters B with its default.
        #expect(Analyzer(rules: [UnreachableState.self]).analyze(machine).isEmpty)
        let context = AnalysisContext(machine)
        #expect(context.reachable[context.number("B1")])
    }

    @Test func aTransitionInsideAParallelStateReentersNoOtherRegion() throws {
        // Over-approximation, documented: the entry counts as from outside, so R2's initial
        // child is reachable here even though a run also reaches it when P is entered.
        let machine = try MachineFileLoader.load(
            bytes: Array(
                """
                initial: P
                states:
                  - {id: P, parallel: true}
                  - {id: R1, parent: P, initial: X}
                  - {id: X, parent: R1}
                  - {id: Y, parent: R1}
                  - {id: R2, parent: P, initial: U}
                  - {id: U, parent: R2}
                transitions:
                  - {from: X, event: go, to: Y}
                  - {from: Y, event: go, to: X}
                  - {from: U, event: go, to: U}
                """.utf8), format: .yaml, path: "parallel.yaml")
        #expect(machine.analyze().isEmpty)
    }

    /// A fork into two regions enters those down to its targets and the third region with its
    /// default: the third region's initial child is reachable, the forked regions' are not.
    @Test func aForkEntersTheRegionsItDoesNotTargetWithTheirDefaults() throws {
        let machine = try MachineFileLoader.load(
            bytes: Array(
                """
                initial: Start
                states:
                  - Start
                  - {id: P, parallel: true}
                  - {id: R0, parent: P, initial: A0}
                  - {id: A0, parent: R0}
                  - {id: B0, parent: R0}
                  - {id: R1, parent: P, initial: A1}
                  - {id: A1, parent: R1}
                  - {id: B1, parent: R1}
                  - {id: R2, parent: P, initial: A2}
                  - {id: A2, parent: R2}
                transitions:
                  - {from: Start, event: fork, to: [B0, B1]}
                """.utf8), format: .yaml, path: "fork.yaml")
        #expect(machine.entersTogether(machine.transitions[0]))
        #expect(flagged(UnreachableState.self, machine) == ["A0", "A1"])
    }

    @Test func aMillionNestedStatesNeedNoRecursion() throws {
        let count = 200_000
        var states = [State("s0", kind: .initial)]
        states.reserveCapacity(count)
        for index in 1..<count {
            states.append(State(StateID("s\(index)"), kind: .initial, parent: StateID("s\(index - 1)")))
        }
        let machine = try Machine(states: states, transitions: [Transition(from: StateID("s\(count - 1)"), on: "up", to: "s0")])
        let context = AnalysisContext(machine)
        #expect(context.reachable.allSatisfy { $0 })
        #expect(context.path(to: count - 1)?.count == count)
        #expect(Analyzer(rules: [DeadEnd.self]).analyze(machine).isEmpty)
    }
}
