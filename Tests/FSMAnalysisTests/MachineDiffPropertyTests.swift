import FSMAnalysis
import FSMCore
import PropertyBased
import TestSupport
import Testing

/// `MachineDiff` on pairs of random hierarchical machines, the second made from the first's
/// numbers with some of them changed, so the two share much and differ in every way.
@Suite struct MachineDiffPropertyTests {
    /// `machine` with labels, entry effects, event labels, guards, effects and internal
    /// transitions chosen by `numbers`, or `nil` when that makes it invalid.
    static func decorated(_ machine: Machine, _ numbers: [Int]) -> Machine? {
        var iterator = numbers.makeIterator()
        func next(_ bound: Int) -> Int { (iterator.next() ?? 0) % bound }
        let states = machine.states.map { state in
            var state = state
            if next(4) == 0 { state.label = "L\(next(2))" }
            if next(4) == 0 { state.entryEffects = ["in\(next(2))"] }
            if next(6) == 0 { state.exitEffects = ["out"] }
            return state
        }
        let events = machine.events.map { event in
            var event = event
            if next(3) == 0 { event.label = "E\(next(2))" }
            return event
        }
        let transitions = machine.transitions.map { transition in
            var transition = transition
            if transition.guardLabel != nil { transition.guardLabel = "g\(next(3))" }
            if next(4) == 0 { transition.effects = ["do\(next(2))"] }
            if next(5) == 0 { transition.kind = .internal }
            return transition
        }
        return try? Machine(name: machine.name, states: states, events: events, transitions: transitions)
    }

    static func machine(_ shape: [Int], _ decoration: [Int]) -> Machine? {
        HierarchyPropertyTests.machine(from: shape).flatMap { decorated($0, decoration) }
    }

    /// `numbers` with the values of `edits` written over it, each at the position its first
    /// half picks.
    static func edited(_ numbers: [Int], _ edits: [Int]) -> [Int] {
        guard !numbers.isEmpty else { return edits }
        var numbers = numbers
        for edit in edits { numbers[(edit / 7) % numbers.count] = edit }
        return numbers
    }

    static let numbers = Gen.int(in: 0...10_000).array(of: 0...120)
    static let edits = Gen.int(in: 0...10_000).array(of: 0...4)

    @Test func aMachineDiffersFromItselfInNothing() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 300, input: Self.numbers, Self.numbers) { shape, decoration in
            guard let machine = Self.machine(shape, decoration) else { return }
            accepted.add()
            let diff = MachineDiff(from: machine, to: machine)
            #expect(diff.isEmpty, "\(diff.lines)")
        }
        accepted.expect(atLeast: 250)
    }

    @Test func bothDirectionsListInverseChangesAndReplayingGivesTheNewVersion() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 500, input: Self.numbers, Self.numbers, Self.edits, Self.edits) {
            shape, decoration, shapeEdits, decorationEdits in
            guard let old = Self.machine(shape, decoration),
                let new = Self.machine(Self.edited(shape, shapeEdits), Self.edited(decoration, decorationEdits))
            else { return }
            accepted.add()
            let diff = MachineDiff(from: old, to: new)
            let back = MachineDiff(from: new, to: old)
            #expect(Set(back.states) == Set(diff.inverted.states))
            #expect(Set(back.transitions) == Set(diff.inverted.transitions))
            #expect(Set(back.events) == Set(diff.inverted.events))
            #expect(back.initialState == diff.inverted.initialState)
            #expect(diff.isEmpty == (DiffEquivalence(old) == DiffEquivalence(new)))
            do {
                #expect(DiffEquivalence(try diff.applied(to: old)) == DiffEquivalence(new), "\(diff.lines)")
                #expect(DiffEquivalence(try back.applied(to: new)) == DiffEquivalence(old), "\(back.lines)")
            } catch {
                Issue.record("replaying \(diff.lines) failed: \(error)")
            }
        }
        accepted.expect(atLeast: 350)
    }

    /// Sorting transitions by event keeps each group's order, so only the file changes.
    @Test func reorderingAcrossGroupsIsNoChange() async {
        let accepted = AcceptedCases()
        await propertyCheck(count: 300, input: Self.numbers, Self.numbers) { shape, decoration in
            guard let machine = Self.machine(shape, decoration) else { return }
            let sorted = machine.transitions.enumerated().sorted {
                ($0.element.event?.rawValue ?? "", $0.offset) < ($1.element.event?.rawValue ?? "", $1.offset)
            }.map(\.element)
            guard let reordered = try? Machine(states: machine.states.reversed(), events: machine.events, transitions: Array(sorted))
            else { return }
            accepted.add()
            #expect(MachineDiff(from: machine, to: reordered).isEmpty)
        }
        accepted.expect(atLeast: 250)
    }
}
