import FSMAnalysis
import FSMAnalysisDiagrams
import FSMCore
import FSMDOT
import Foundation
import TestSupport
import Testing

/// The DOT of a change's drawing, in both themes: what is added bold, removed dashed, changed
/// dotted, the rest muted, the legend, and the SVG classes.
@Suite struct DiffDOTGoldenTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/FSMAnalysisTests/Fixtures/diff")

    @Test(arguments: ["standard", "dark"]) func diffDrawingMatchesGolden(theme: String) throws {
        let old = try MachineFileLoader.load(path: Self.directory.appendingPathComponent("state-removed.yaml").path)
        let new = try MachineFileLoader.load(path: Self.directory.appendingPathComponent("transition-changed.yaml").path)
        let drawing = DiffDrawing(old: old, new: new, diff: MachineDiff(from: old, to: new))
        let options = drawing.options(DOTOptions(theme: DOTTheme.named.first { $0.name == theme }?.theme))
        Golden.check(
            DOTWriter(options: options).write(drawing.machine),
            against: Golden.fixtures().appendingPathComponent("golden/diff.\(theme).dot"))
    }

    /// Without marks, nothing is muted and no class is added: every other drawing is as it was.
    @Test func noMarksNoClasses() throws {
        let machine = try MachineFileLoader.load(path: Self.directory.appendingPathComponent("base.yaml").path)
        let dot = DOTWriter().write(machine)
        for word in ["unchanged", "added", "removed", "fsmviz diff"] { #expect(!dot.contains(word)) }
    }
}
