import FSMCore
import FSMInterop
import FSMSwiftSource
import Foundation
import TestSupport
import Testing

/// The styles of Swift state-machine libraries and frameworks (The Composable Architecture,
/// SwiftState, GameplayKit, Tinder's DSL, RxAutomaton's rows), each read from a fixture written
/// for these tests into the machines its golden listing holds; their shapes that only look like
/// machines (handlers, send sites) give none.
@Suite struct LibraryStyleFixtureTests {
    @Test(arguments: ["PlayerFeature.swift", "DownloadMachine.swift"])
    func fixtureReadsAsItsGoldenListing(name: String) throws {
        let listing = try StyleFixtureTests.read([name]).map(MachineListing.describe).joined(separator: "\n")
        Golden.check(listing, against: StyleFixtureTests.fixtures.appendingPathComponent("expected/\(name).txt"))
    }

    @Test(arguments: ["NotSwiftStateMachines.swift"])
    func shapesThatOnlyLookLikeMachinesGiveNone(name: String) throws {
        #expect(try StyleFixtureTests.read([name]).isEmpty)
    }
}
