import DiagramCheck
import FSMCore
import FSMInterop
import Foundation
import TestSupport
import Testing

/// Every sample, every fixture machine and every corpus machine, laid out with default
/// options, is drawn true to its statechart, and no label is crossed by another edge or
/// overlaps another (one crossed label in 20 transitions would still read; the drawing has
/// none, and keeps it so); parallel regions read in document order without a
/// staircase; no edge runs through a compound state holding neither of its ends, and none
/// takes a detour; the states cover at least 3% of each drawing.
@Suite struct DrawingTruthTests {
    /// The machine files checked: samples, fixtures, then the corpus.
    static let files: [String] =
        Golden.sampleFiles().map(\.path) + MachineFixtures.files().map(\.path)
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
            guard error.isUnreadableMachine, Self.isCorpus(path) else { throw error }
            return
        }
        #expect(report.transitionCount > 0 || Self.isCorpus(path), "\(path) drew no transition")
        DrawingExpectations.expectNoFindings(report, of: Set(DiagramFinding.Kind.allCases).subtracting([.sparseDrawing]))
        #expect(report.stateCoverage >= 0.03, "\(report.text)")
    }
}
