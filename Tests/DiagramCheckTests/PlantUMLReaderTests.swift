import DiagramCheck
import Foundation
import TestSupport
import Testing

/// `scripts/lib/plantuml_drawing.py`'s reading of PlantUML's SVG, against its golden neutral drawing
/// (`FSMVIZ_UPDATE_GOLDEN=1` rewrites it), and that drawing judged by `DiagramChecker`. The
/// inputs under `Fixtures/plantuml/` are fixed, so the test needs Python but not PlantUML:
/// `kettle.puml` is `fsmviz convert kettle.machine.json -o kettle.puml`, `kettle.svg`
/// `plantuml -tsvg kettle.puml` with PlantUML 1.2020.02.
@Suite struct PlantUMLReaderTests {
    static let plantUML = Golden.fixtures().appendingPathComponent("plantuml")

    /// `scripts/lib/plantuml_drawing.py` maps PlantUML's SVG of `kettle.puml` (fsmviz's export of
    /// `kettle.machine.json`, drawn by PlantUML 1.2020.02) back to the machine: states by their
    /// titles, the targetless `tick` listed inside Heating, links by their path ids, the guard's
    /// note as part of its label, the `[*]` arrows as edges of no transition.
    @Test func thePlantUMLReaderWritesTheNeutralDrawing() throws {
        let result = try CommandRunner.run(
            [
                Golden.python, "scripts/lib/plantuml_drawing.py", Self.plantUML.appendingPathComponent("kettle.machine.json").path,
                Self.plantUML.appendingPathComponent("kettle.puml").path,
                Self.plantUML.appendingPathComponent("kettle.svg").path,
            ],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        Golden.check(result.stdoutText, against: Self.plantUML.appendingPathComponent("kettle.drawing.json"))
    }

    /// PlantUML's drawing of the kettle, judged: every transition on its own states, only too tall.
    @Test func thePlantUMLDrawingIsJudgedByTheSameCriteria() throws {
        let report = try DiagramChecker().check(
            file: Self.plantUML.appendingPathComponent("kettle.machine.json").path,
            drawing: Self.plantUML.appendingPathComponent("kettle.drawing.json").path)
        #expect(report.findings.map(\.kind) == [.aspectRatio])
        #expect(report.labelCount == 4)
    }
}
