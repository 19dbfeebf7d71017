import FSMCore
import FSMInterop
import FSMSwiftSource
import Foundation
import TestSupport
import Testing

/// Each style's fixture, written for these tests, read into the machines its golden listing
/// holds (worked out by reading the code); the shapes that are not machines give none.
@Suite struct StyleFixtureTests {
    static let fixtures = Golden.fixtures()

    static func read(_ names: [String]) throws -> [ModuleMachine] {
        let paths = names.map { fixtures.appendingPathComponent("styles/\($0)").path }
        return try SwiftSourceReader().machines(in: paths, limits: .standard).machines
    }

    @Test(arguments: [
        "Player.swift", "Loadable.swift", "ConnectionStateMachine.swift", "AuthResolver.swift", "EnumOwned.swift", "SubPatterns.swift", "WrappedReturns.swift",
    ])
    func styleFixtureReadsAsItsGoldenListing(name: String) throws {
        let listing = try Self.read([name]).map(MachineListing.describe).joined(separator: "\n")
        Golden.check(listing, against: Self.fixtures.appendingPathComponent("expected/\(name).txt"))
    }

    @Test func shapesThatAreNotMachinesGiveNone() throws {
        #expect(try Self.read(["NotMachines.swift"]).isEmpty)
    }
}
