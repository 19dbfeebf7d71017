import FSMAnalysis
import FSMCore
import PropertyBased
import TestSupport
import Testing

/// Every graph rule agrees with a deliberately naive reference (fixpoint reachability,
/// reachability matrices for components) on random flat machines built from random numbers.
@Suite struct RulePropertyTests {
    /// A random machine: the numbers drive every choice, so shrinking the list shrinks the
    /// machine.
    static func machine(from numbers: [Int]) throws -> Machine {
        var iterator = numbers.makeIterator()
        func next(_ bound: Int) -> Int { (iterator.next() ?? 0) % bound }
        let count = 1 + next(12)
        let states = (0..<count).map { index in
            State(StateID("s\(index)"), kind: index == 0 ? .initial : (next(5) == 0 ? .final : .normal))
        }
        let guards: [String?] = [nil, nil, "a", "!a", "b"]
        let transitions = (0..<next(3 * count + 1)).map { _ in
            let source = StateID("s\(next(count))")
            let event: EventID? = next(7) == 0 ? nil : EventID("e\(next(3))")
            var targets = [StateID("s\(next(count))")]
            if next(6) == 0 { targets.append(StateID("s\(next(count))")) }
            return Transition(from: source, on: event, to: targets, guard: guards[next(guards.count)])
        }
        let events = (0..<4).map { Event(EventID("e\($0)"), location: SourceLocation(line: 1, column: 1)) }
        return try Machine(states: states, events: events, transitions: transitions)
    }

    struct Reference {
        let machine: Machine
        let count: Int
        let edges: [Set<Int>]
        let reachable: Set<Int>
        let reaches: [Set<Int>]

        init(_ machine: Machine) {
            self.machine = machine
            count = machine.states.count
            var edges = [Set<Int>](repeating: [], count: count)
            for transition in machine.transitions {
                for target in transition.targets { edges[Self.number(transition.source)].insert(Self.number(target)) }
            }
            self.edges = edges
            // Fixpoint: keep adding successors until nothing changes.
            var reaches = edges
            var changed = true
            while changed {
                changed = false
                for state in 0..<count {
                    let next = reaches[state].reduce(into: reaches[state]) { $0.formUnion(reaches[$1]) }
                    if next != reaches[state] {
                        reaches[state] = next
                        changed = true
                    }
                }
            }
            self.reaches = reaches
            reachable = reaches[0].union([0])
        }

        static func number(_ id: StateID) -> Int { Int(id.rawValue.dropFirst()) ?? -1 }
        func isFinal(_ state: Int) -> Bool { machine.states[state].kind == .final }
    }

    static let inputs = Gen.int(in: 0...10_000).array(of: 0...120)

    func flagged<R: Rule>(_ rule: R.Type, _ machine: Machine) -> [Set<String>] {
        Analyzer(rules: [rule]).analyze(machine).map { Set($0.states.map(\.rawValue)) }
    }

    @Test func reachabilityRulesMatchTheReference() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 400, input: Self.inputs) { numbers in
            guard let machine = try? Self.machine(from: numbers) else { return }
            accepted.add()
            let reference = Reference(machine)
            let unreachable = (0..<reference.count).filter { !reference.reachable.contains($0) }
            #expect(Set(flagged(UnreachableState.self, machine)) == Set(unreachable.map { ["s\($0)"] }))
            let unreachableSources = machine.transitions.filter { !reference.reachable.contains(Reference.number($0.source)) }
            #expect(flagged(UnreachableTransition.self, machine).count == unreachableSources.count)
            let finals = (0..<reference.count).filter(reference.isFinal)
            let noFinal = !finals.isEmpty && finals.allSatisfy { !reference.reachable.contains($0) }
            #expect(flagged(NoFinalReachable.self, machine).isEmpty == !noFinal)
            let deadEnds = (0..<reference.count).filter { !reference.isFinal($0) && reference.edges[$0].isEmpty }
            #expect(Set(flagged(DeadEnd.self, machine)) == Set(deadEnds.map { ["s\($0)"] }))
            let finalsWithOutgoing = finals.filter { !reference.edges[$0].isEmpty }
            #expect(Set(flagged(FinalHasOutgoing.self, machine)) == Set(finalsWithOutgoing.map { ["s\($0)"] }))
        }
        accepted.expect(atLeast: 360)
    }

    @Test func trapsMatchMutualReachabilityClasses() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 400, input: Self.inputs) { numbers in
            guard let machine = try? Self.machine(from: numbers) else { return }
            accepted.add()
            let reference = Reference(machine)
            var expected = Set<Set<String>>()
            if (0..<reference.count).contains(where: reference.isFinal) {
                for state in 0..<reference.count where reference.reachable.contains(state) {
                    let members = Set(
                        (0..<reference.count).filter { other in
                            other == state || (reference.reaches[state].contains(other) && reference.reaches[other].contains(state))
                        })
                    let leaving = members.flatMap { reference.edges[$0] }
                    guard !leaving.isEmpty, leaving.allSatisfy(members.contains),
                        !members.contains(where: reference.isFinal)
                    else { continue }
                    expected.insert(Set(members.map { "s\($0)" }))
                }
            }
            #expect(Set(flagged(Trap.self, machine)) == expected)
            for finding in Analyzer(rules: [Trap.self]).analyze(machine) {
                guard case .path(let steps) = finding.witness else {
                    Issue.record("trap without a path")
                    continue
                }
                #expect(steps.first?.state == "s0")
                #expect(steps.last.map { finding.states.contains($0.state) } == true)
            }
        }
        accepted.expect(atLeast: 360)
    }

    @Test func triggerRulesMatchPairwiseComparison() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 400, input: Self.inputs) { numbers in
            guard let machine = try? Self.machine(from: numbers) else { return }
            accepted.add()
            struct Group: Hashable {
                var source: StateID
                var event: EventID?
            }
            var errors = Set<Group>()
            var warnings = Set<Group>()
            let groups = Dictionary(grouping: machine.transitions) { Group(source: $0.source, event: $0.event) }
            func exclusive(_ a: String?, _ b: String?) -> Bool {
                (a == "a" && b == "!a") || (a == "!a" && b == "a")
            }
            for (key, transitions) in groups {
                let unguarded = transitions.filter { $0.guardLabel == nil }
                let clash = { (list: [Transition], ignoreExclusive: Bool) -> Bool in
                    for i in list.indices {
                        for j in list.indices where i < j && list[i].targets != list[j].targets {
                            if ignoreExclusive, exclusive(list[i].guardLabel, list[j].guardLabel) { continue }
                            return true
                        }
                    }
                    return false
                }
                if clash(unguarded, false) {
                    errors.insert(key)
                } else if unguarded.isEmpty, clash(transitions, true) {
                    warnings.insert(key)
                }
            }
            let findings = Analyzer(rules: [NondeterministicTrigger.self]).analyze(machine)
            let found = { (severity: Severity) in
                Set(findings.filter { $0.severity == severity }.map { Group(source: $0.states[0], event: $0.events.first) })
            }
            #expect(found(.error) == errors)
            #expect(found(.warning) == warnings)

            var shadowed = 0
            var duplicates = 0
            for (offset, transition) in machine.transitions.enumerated() {
                let earlier = machine.transitions[..<offset]
                if transition.guardLabel != nil,
                    earlier.contains(where: { $0.source == transition.source && $0.event == transition.event && $0.guardLabel == nil })
                {
                    shadowed += 1
                }
                if earlier.contains(where: {
                    $0.source == transition.source && $0.event == transition.event && $0.guardLabel == transition.guardLabel
                        && $0.targets == transition.targets
                }) {
                    duplicates += 1
                }
            }
            #expect(flagged(ShadowedTransition.self, machine).count == shadowed)
            #expect(flagged(DuplicateTransition.self, machine).count == duplicates)
            let used = Set(machine.transitions.compactMap(\.event))
            #expect(Analyzer(rules: [UnusedEvent.self]).analyze(machine).flatMap(\.events) == machine.events.map(\.id).filter { !used.contains($0) })
        }
        accepted.expect(atLeast: 360)
    }

    @Test func aMillionStateChainNeedsNoRecursion() throws {
        let count = 1_000_000
        var states = [State("s0", kind: .initial)]
        states.reserveCapacity(count)
        var transitions: [Transition] = []
        transitions.reserveCapacity(count)
        for index in 1..<count {
            states.append(State(StateID("s\(index)")))
            transitions.append(Transition(from: StateID("s\(index - 1)"), on: "next", to: StateID("s\(index)")))
        }
        transitions.append(Transition(from: StateID("s\(count - 1)"), on: "next", to: "s0"))
        let context = AnalysisContext(try Machine(states: states, transitions: transitions))
        #expect(context.components.count == 1)
        #expect(context.reachable.allSatisfy { $0 })
        #expect(context.path(to: count - 1)?.count == count)
    }
}
