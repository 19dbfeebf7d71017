import FSMSwiftSource
import Foundation
import TestSupport
import Testing

/// Fixtures of shapes met in public apps' code, written for these tests, read into the machines
/// their golden listings hold (worked out by reading the code).
@Suite struct ShapeFixtureTests {
    @Test(arguments: ["Dispatchers.swift"])
    func shapeFixtureReadsAsItsGoldenListing(name: String) throws {
        let listing = try StyleFixtureTests.read([name]).map(MachineListing.describe).joined(separator: "\n")
        Golden.check(listing, against: StyleFixtureTests.fixtures.appendingPathComponent("expected/\(name).txt"))
    }
}
