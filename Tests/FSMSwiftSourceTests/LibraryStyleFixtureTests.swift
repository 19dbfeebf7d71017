import FSMAnalysis
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
    @Test(arguments: [
        "PlayerFeature.swift", "DownloadMachine.swift", "Water.swift", "LoginAutomaton.swift", "TurnstileTable.swift", "UploadTree.swift",
        "AliasedMachines.swift", "ReducerEnumFeature.swift", "ResolverHelpers.swift", "PairTable.swift", "PredicateRows.swift",
        "LocalResult.swift",
    ])
    func fixtureReadsAsItsGoldenListing(name: String) throws {
        let listing = try StyleFixtureTests.read([name]).map(MachineListing.describe).joined(separator: "\n")
        Golden.check(listing, against: StyleFixtureTests.fixtures.appendingPathComponent("expected/\(name).txt"))
    }

    @Test(arguments: ["NotSwiftStateMachines.swift", "NotLibraryMachines.swift"])
    func shapesThatOnlyLookLikeMachinesGiveNone(name: String) throws {
        #expect(try StyleFixtureTests.read([name]).isEmpty)
    }

    /// A state set in a callback is not called unreachable, a state the code ends in by design
    /// is no dead end, and two routes from different pinned values of one case are no duplicates.
    @Test func findingsHoldUpAgainstTheCode() throws {
        let found = try StyleFixtureTests.read(["LintedShapes.swift"])
        let connection = try #require(found.first { $0.name == "Connection" })
        let findings = Analyzer().analyze(connection.imported.machine, semantics: connection.imported.semantics)
        let closed = try #require(findings.first { $0.ruleID == "unreachable-state" && $0.states == ["closed"] })
        #expect(closed.severity == .info)
        #expect(
            closed.message.hasSuffix(
                "; not certain: the code also sets the state at LintedShapes.swift:16 in a closure that runs later, which fsmviz does not read as a transition")
        )
        #expect(!findings.contains { $0.ruleID == "dead-end" && $0.states == ["failed"] })
        #expect(!findings.contains { $0.severity == .error })
        let session = try #require(found.first { $0.name == "SessionFlow.machine" })
        let sessionFindings = Analyzer().analyze(session.imported.machine, semantics: session.imported.semantics)
        #expect(!sessionFindings.contains { $0.ruleID == "duplicate-transition" })
    }

    /// GameplayKit's machine spans the files of its state classes, read together as one module.
    @Test func gameplayKitMachineSpansItsStateFiles() throws {
        let directory = StyleFixtureTests.fixtures.appendingPathComponent("styles/Maze")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        let found = try StyleFixtureTests.read(names.map { "Maze/\($0)" })
        Golden.check(
            found.map(MachineListing.describe).joined(separator: "\n"),
            against: StyleFixtureTests.fixtures.appendingPathComponent("expected/Maze.txt"))
        let maze = try #require(found.first { $0.name == "MazeGame.stateMachine" })
        let files = Set(maze.imported.machine.transitions.compactMap { $0.location?.file.map { ($0 as NSString).lastPathComponent } })
        #expect(files == ["TitleState.swift", "PlayingState.swift", "PausedState.swift", "GameOverState.swift"])
        let failing = try #require(maze.imported.warnings.first)
        #expect(failing.path.hasSuffix("Maze/MazeGame.swift"))
        #expect(failing.location?.line == 29)
    }
}
