import FSMAnalysis
import FSMCore
import FSMInterop
import FSMSwiftSource
import Foundation
import TestSupport
import Testing

/// What the styles' fixtures show beyond their listings: findings that hold up against the code,
/// and a machine whose transitions come from the files of a module.
@Suite struct StyleFindingTests {
    /// A state set in a callback an event sets up is entered by that event, from the state the
    /// event left; one set in a callback an initializer sets up is not called unreachable; a state
    /// the code ends in by design is no dead end; and two routes from different pinned values of
    /// one case are no duplicates.
    @Test func findingsHoldUpAgainstTheCode() throws {
        let found = try StyleFixtureTests.read(["findings/LintedShapes.swift"])
        let connection = try #require(found.first { $0.name == "Connection" })
        let machine = connection.imported.machine
        #expect(machine.transitions.contains { $0.source == "open" && $0.event == "connect" && $0.targets == ["closed"] })
        #expect(!machine.transitions.contains { $0.source == "idle" && $0.targets == ["closed"] })
        let findings = Analyzer().analyze(machine, semantics: connection.imported.semantics)
        #expect(!findings.contains { $0.ruleID == "unreachable-state" && $0.states == ["closed"] })
        let dropped = try #require(findings.first { $0.ruleID == "unreachable-state" && $0.states == ["dropped"] })
        #expect(dropped.severity == .info)
        #expect(
            dropped.message.hasSuffix(
                "; not certain: the code also sets the state at LintedShapes.swift:14 in a closure that runs later, which fsmviz does not read as a transition")
        )
        #expect(!findings.contains { $0.ruleID == "dead-end" && $0.states == ["failed"] })
        #expect(!findings.contains { $0.severity == .error })
        let session = try #require(found.first { $0.name == "SessionFlow.machine" })
        let sessionFindings = Analyzer().analyze(session.imported.machine, semantics: session.imported.semantics)
        #expect(!sessionFindings.contains { $0.ruleID == "duplicate-transition" })
    }

    /// A method's steps after an `await` (whose guards together cover every case) hide none of
    /// the rows written before them: they are later steps of one call, not alternatives.
    @Test func stepsAfterAnAwaitShadowNoEarlierRow() throws {
        let dictation = try #require(try StyleFixtureTests.read(["findings/StepsAfterAwait.swift"]).first)
        let findings = Analyzer().analyze(dictation.imported.machine, semantics: dictation.imported.semantics)
        #expect(!findings.contains { $0.ruleID == "shadowed-transition" }, "\(findings.map(\.message))")
        #expect(dictation.imported.machine.transitions.contains { $0.source == "transcribing" && $0.targets == ["idle"] })
    }

    /// A next state the enum does not declare is an error at its line, with the case meant; a
    /// static member of the enum's type is none.
    @Test func aCaseTheEnumDoesNotDeclareIsAnErrorAtItsLine() throws {
        let light = try #require(try StyleFixtureTests.read(["findings/TrafficLight.swift"]).first)
        let errors = light.imported.warnings.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["'.yelow' is not a case of TrafficLight.State; did you mean 'yellow'?"])
        #expect(errors.first?.location?.line == 14)
    }

    /// The README's first runtime example, written against fsmviz's own runtime, is a machine
    /// `list` and `lint` find, with the transitions it adds.
    @Test func theReadmesRuntimeExampleIsReadAsItsMachine() throws {
        let readme = try String(contentsOf: Golden.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- doc-test: runs \"swift\" -->\n```swift\n"))
        let end = try #require(readme.range(of: "\n```", range: marker.upperBound..<readme.endIndex))
        let source = Array(readme[marker.upperBound..<end.lowerBound].utf8)
        let found = try SwiftSourceReader().machines(reading: [("README.swift", source)], limits: .standard).machines
        let door = try #require(found.first)
        #expect(door.style == "transition-rules")
        #expect(
            door.imported.machine.transitions.map { "\($0.source.rawValue) --\($0.event?.rawValue ?? "")--> \($0.targets.map(\.rawValue))" } == [
                "closed --open--> [\"open\"]", "open --close--> [\"closed\"]", "closed --lock--> [\"locked\"]", "locked --unlock--> [\"closed\"]",
            ])
    }

    /// Each enum that looks like a state type but is no machine is a warning at its declaration
    /// that says why: set only in a closure, never assigned, a setting, held by nothing.
    @Test func nearMissesSayWhyTheyAreNoMachine() throws {
        let path = StyleFixtureTests.fixtures.appendingPathComponent("findings/NearMisses.swift").path
        #expect(try SwiftSourceReader().machines(in: [path], limits: .standard).machines.isEmpty)
        let warnings = try SwiftSourceReader().nearMisses(in: [path], limits: .standard)
        Golden.check(
            warnings.map { "\($0.location?.line ?? 0): \($0.message)" }.joined(separator: "\n") + "\n",
            against: StyleFixtureTests.fixtures.appendingPathComponent("findings/NearMisses.txt"))
    }

    /// GameplayKit's machine spans the files of its state classes, read together as one module.
    @Test func gameplayKitMachineSpansItsStateFiles() throws {
        let maze = try #require(try StyleFixtureTests.fixtures(of: "gameplaykit").first { $0.name == "Maze" })
        let found = try StyleFixtureTests.read(maze.files)
        let machine = try #require(found.first { $0.name == "MazeGame.stateMachine" })
        let files = Set(machine.imported.machine.transitions.compactMap { $0.location?.file.map { ($0 as NSString).lastPathComponent } })
        #expect(files == ["TitleState.swift", "PlayingState.swift", "PausedState.swift", "GameOverState.swift"])
        let failing = try #require(machine.imported.warnings.first)
        #expect(failing.path.hasSuffix("Maze/MazeGame.swift"))
        #expect(failing.location?.line == 29)
    }
}
