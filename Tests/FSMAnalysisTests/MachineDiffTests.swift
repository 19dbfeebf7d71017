import FSMAnalysis
import FSMCore
import Foundation
import TestSupport
import Testing

/// One golden file per kind of change: each case is a version of `base.yaml` in
/// `Fixtures/diff`, and its golden file lists the diff from the base to it.
@Suite struct MachineDiffTests {
    static let cases = [
        "state-added", "state-removed", "state-moved", "state-changed", "initial-child-changed",
        "initial-state-changed", "transition-added", "transition-removed", "transition-changed",
        "reordered-same-priority", "priority-changed", "events-changed", "unrelated",
    ]

    static func load(_ name: String) throws -> Machine {
        try MachineFileLoader.load(path: Golden.fixtures().appendingPathComponent("diff/\(name).yaml").path)
    }

    /// The summary, then every change line.
    static func report(_ diff: MachineDiff) -> String {
        ([diff.summary] + diff.lines).joined(separator: "\n") + "\n"
    }

    @Test(arguments: cases) func diffMatchesGolden(_ name: String) throws {
        let base = try Self.load("base")
        let diff = MachineDiff(from: base, to: try Self.load(name))
        Golden.check(Self.report(diff), against: Golden.fixtures().appendingPathComponent("diff/\(name).txt"))
    }

    @Test(arguments: cases) func everyCaseIsAChangeButTheReorderingOne(_ name: String) throws {
        let diff = MachineDiff(from: try Self.load("base"), to: try Self.load(name))
        #expect(diff.isEmpty == (name == "reordered-same-priority"))
    }

    @Test(arguments: cases) func goldenCasesReplayAndInvert(_ name: String) throws {
        let base = try Self.load("base")
        let changed = try Self.load(name)
        let diff = MachineDiff(from: base, to: changed)
        // The whole inverse: the random machines of the property tests keep their initial state,
        // so the golden case that changes it is where its inversion is checked.
        let back = MachineDiff(from: changed, to: base)
        #expect(Set(back.states) == Set(diff.inverted.states))
        #expect(Set(back.transitions) == Set(diff.inverted.transitions))
        #expect(Set(back.events) == Set(diff.inverted.events))
        #expect(back.initialState == diff.inverted.initialState)
        #expect(DiffEquivalence(try diff.applied(to: base)) == DiffEquivalence(changed))
        #expect(DiffEquivalence(try diff.inverted.applied(to: changed)) == DiffEquivalence(base))
    }

    @Test func unrelatedMachinesShareNoState() throws {
        #expect(MachineDiff.shareNoState(try Self.load("base"), try Self.load("unrelated")))
        #expect(!MachineDiff.shareNoState(try Self.load("base"), try Self.load("state-added")))
    }

    /// A transition moved among other groups' transitions keeps its priority; one moved within
    /// its group changes it, and both transitions it swapped with say so.
    @Test func priorityIsTheOrderWithinAGroup() throws {
        let diff = MachineDiff(from: try Self.load("base"), to: try Self.load("priority-changed"))
        #expect(diff.transitions.map(\.aspects) == [[.priority], [.priority]])
        #expect(diff.transitions.map(\.oldRank) == [0, 1])
        #expect(diff.transitions.map(\.newRank) == [1, 0])
    }
}
