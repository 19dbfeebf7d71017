import FSMAnalysisDiagrams
import FSMCore
import FSMDOT
import Foundation
import TestSupport
import Testing

@Suite struct DOTGoldenTests {
    static let samples = Golden.sampleFiles().map(\.lastPathComponent)

    @Test(arguments: samples, DOTStyle.allCases)
    func sampleMatchesItsGoldenDOT(sample: String, style: DOTStyle) throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent(sample).path)
        let dot = DOTWriter(options: DOTOptions(style: style)).write(machine)
        let base = (sample as NSString).deletingPathExtension
        Golden.check(dot, against: Golden.fixtures().appendingPathComponent("golden/\(base).\(style.rawValue).dot"))
    }

    /// Within one process, Swift hashes with one seed, so iterating a `Set` or `Dictionary`
    /// repeats its order and writing twice cannot catch output that depends on it. Two
    /// processes, one hashing with a random seed and one with the fixed seed, order them
    /// differently.
    @Test(arguments: samples, DOTStyle.allCases)
    func twoProcessesWriteTheSameDOT(sample: String, style: DOTStyle) throws {
        let arguments = ["dot", "samples/\(sample)", "--style", style.rawValue]
        let randomSeed = try CommandRunner.run(arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "0"])
        let fixedSeed = try CommandRunner.run(arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        #expect(randomSeed.status == 0, "\(randomSeed.stderr)")
        #expect(!randomSeed.stdout.isEmpty)
        #expect(randomSeed.stdout == fixedSeed.stdout, "DOT output depends on hash order")
    }

    @Test func optionsReachTheOutput() throws {
        let machine = try Machine(
            name: "Door", states: [State("Closed", kind: .initial), State("Open")],
            transitions: [Transition(from: "Closed", on: "open", to: "Open")])
        let dot = DOTWriter(options: DOTOptions(rankDirection: .LR, title: "Front door", theme: .plain)).write(machine)
        #expect(dot.contains("rankdir=LR"))
        #expect(dot.contains("label=\"Front door\", labelloc=t"))
        #expect(dot.contains("bgcolor=\"white\""))
        let untitled = DOTWriter(options: DOTOptions(title: "")).write(machine)
        #expect(!untitled.contains("labelloc"))
        #expect(DOTWriter().write(machine).contains("label=\"Door\", labelloc=t"))
    }
}

@Suite struct DOTHighlightTests {
    func broken() throws -> Machine {
        try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("broken.json").path)
    }

    @Test(arguments: DOTStyle.allCases)
    func lintFindingsAreDrawn(style: DOTStyle) throws {
        let machine = try broken()
        let highlights = DOTHighlights(linting: machine)
        #expect(highlights.unreachableStates == ["Archived"])
        #expect(highlights.stuckStates == ["Stuck"])
        #expect(highlights.conflictingTransitions == [0, 1])
        let dot = DOTWriter(options: DOTOptions(style: style, highlights: highlights)).write(machine)
        Golden.check(dot, against: Golden.fixtures().appendingPathComponent("golden/broken.\(style.rawValue).lint.dot"))
    }

    @Test func aSoundMachineGetsNoLegend() throws {
        let machine = try MachineFileLoader.load(path: Golden.samplesDirectory.appendingPathComponent("tcp.json").path)
        let highlights = DOTHighlights(linting: machine)
        #expect(highlights.isEmpty)
        #expect(DOTWriter(options: DOTOptions(highlights: highlights)).write(machine) == DOTWriter().write(machine))
    }
}
