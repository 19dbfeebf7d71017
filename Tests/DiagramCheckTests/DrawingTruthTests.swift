import DiagramCheck
import FSMCore
import Foundation
import FSMInterop
import TestSupport
import Testing

/// Issue 12's acceptance test: every sample, every fixture machine and every corpus machine,
/// laid out with default options, is drawn true to its statechart, and no label is crossed by
/// another edge or overlaps another (the issue allows one crossed label in 20 transitions; the
/// drawing has none, and keeps it so); parallel regions read in document order without a
/// staircase; no edge runs through a compound state holding neither of its ends; the corpus's
/// states cover at least 3% of each drawing.
@Suite struct DrawingTruthTests {
    /// The machine files checked: samples, fixtures, then the corpus.
    static let files: [String] = Golden.sampleFiles().map(\.path) + MachineFixtures.files().map(\.path)
        + Golden.corpusFiles().map { Golden.corpusFile($0).path }

    static func isCorpus(_ path: String) -> Bool {
        !path.hasPrefix(Golden.samplesDirectory.path) && !path.contains("/DiagramCheckTests/Fixtures/")
    }

    @Test(arguments: files)
    func isDrawnTrueToItsStatechart(path: String) throws {
        let report: DiagramReport
        do {
            report = try DiagramChecker().check(file: path)
        } catch {
            // The corpus holds files fsmviz refuses (other formats, data files); CorpusTests
            // checks that each is refused for its stated reason. Our own machines must draw.
            guard case .unreadableMachine = error, Self.isCorpus(path) else { throw error }
            return
        }
        #expect(report.transitionCount > 0 || Self.isCorpus(path), "\(path) drew no transition")
        DrawingExpectations.expectNoFindings(report, of: Set(DiagramFinding.Kind.allCases).subtracting(Self.measuredOnly))
        for (kind, files) in Self.known {
            let count = report.findings(kind).count
            let allowed = files.first { path.hasSuffix($0.key) }?.value ?? 0
            #expect(count <= allowed, "\(report.text)")
            #expect(count >= allowed, "\(path): \(count) \(kind.rawValue), fewer than \(allowed): lower the count")
        }
        if path.contains("/.build/corpus/") {
            #expect(report.stateCoverage >= 0.03, "\(report.text)")
        }
    }

    /// Kinds counted rather than required to be absent everywhere: those of ``known``, and
    /// sparseness, which the public corpus that `scripts/setup` fetches holds above 3% but some
    /// large fixtures do not yet.
    static let measuredOnly: Set<DiagramFinding.Kind> = Set(known.keys).union([.sparseDrawing])

    /// Findings still allowed, by kind and file, as drawn when the measures came in; the work
    /// to remove them is still to do, so these counts may only go down. Detours: paths more
    /// than 3 times the straight distance. (Edges through compound states that hold neither
    /// end are redrawn around them, so there are none: that measure is required above.)
    static let known: [DiagramFinding.Kind: [String: Int]] = [
        .detour: [
            "machines/infotainment.yaml": 3, "machines/media-player.xstate.json": 1, "own-machines/calculator.scxml": 2,
            "own-machines/ftp-client.scxml": 3, "own-machines/media-player.scxml": 1,
        ]
    ]
}
