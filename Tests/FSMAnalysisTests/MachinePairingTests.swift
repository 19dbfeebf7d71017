import FSMAnalysis
import FSMCore
import Testing

/// How `fsmviz diff` of two directories takes a file one side lacks for a renamed one.
@Suite struct MachinePairingTests {
    static func load(_ name: String) throws -> Machine { try MachineDiffTests.load(name) }

    @Test func aMachineIsWhollyLikeItselfAndNothingLikeAnUnrelatedOne() throws {
        let base = try Self.load("base")
        #expect(MachinePairing.similarity(base, base) == 1)
        #expect(MachinePairing.similarity(base, try Self.load("unrelated")) == 0)
        let edited = MachinePairing.similarity(base, try Self.load("transition-added"))
        #expect(edited > MachinePairing.threshold && edited < 1)
        #expect(edited == MachinePairing.similarity(try Self.load("transition-added"), base))
    }

    /// Each machine in one pair at most, the most alike first, and nothing below the threshold.
    @Test func pairsTheMostAlikeFirstAndLeavesTheRest() throws {
        let old = [try Self.load("unrelated"), try Self.load("base")]
        let new = [try Self.load("state-added"), try Self.load("base"), try Self.load("events-changed")]
        let pairs = MachinePairing.pairs(old: old, new: new)
        #expect(pairs.map { [$0.old, $0.new] } == [[1, 1]])
        #expect(MachinePairing.pairs(old: [old[0]], new: new).isEmpty)
    }
}
