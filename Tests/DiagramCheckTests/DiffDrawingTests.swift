import DiagramCheck
import FSMAnalysis
import FSMAnalysisDiagrams
import FSMCore
import FSMDOT
import FSMRendering
import Foundation
import TestSupport
import Testing

/// The drawing of a change, for every golden diff case and both themes: laid out and checked
/// with every measure at zero (both versions' transitions drawn on their own states, nothing
/// merged), and every element's SVG class saying what happened to it.
@Suite struct DiffDrawingTests {
    static let directory = Golden.packageRoot.appendingPathComponent("Tests/FSMAnalysisTests/Fixtures/diff")
    static let cases = [
        "state-added", "state-removed", "state-moved", "state-changed", "initial-child-changed",
        "initial-state-changed", "transition-added", "transition-removed", "transition-changed",
        "priority-changed", "events-changed", "unrelated",
    ]
    static let themes = ["standard", "dark"]

    static func drawing(_ name: String) throws -> (drawing: DiffDrawing, diff: MachineDiff, new: Machine) {
        let old = try MachineFileLoader.load(path: directory.appendingPathComponent("base.yaml").path)
        let new = try MachineFileLoader.load(path: directory.appendingPathComponent("\(name).yaml").path)
        let diff = MachineDiff(from: old, to: new)
        return (DiffDrawing(old: old, new: new, diff: diff), diff, new)
    }

    static func options(_ drawing: DiffDrawing, theme: String) -> DOTOptions {
        drawing.options(DOTOptions(theme: DOTTheme.named.first { $0.name == theme }?.theme))
    }

    @Test(arguments: cases, themes) func theUnionPassesEveryCheck(_ name: String, theme: String) throws {
        let (drawing, _, _) = try Self.drawing(name)
        #expect(!drawing.omitsRemoved)
        let report = try DiagramChecker().check(drawing.machine, options: Self.options(drawing, theme: theme))
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(report.transitionCount == drawing.machine.transitions.count)
    }

    /// Both versions' elements are in the union: what was removed stays, under its old name.
    @Test(arguments: cases) func theUnionHoldsBothVersions(_ name: String) throws {
        let (drawing, diff, new) = try Self.drawing(name)
        for change in diff.states {
            #expect(drawing.machine.state(change.id) != nil)
            #expect(drawing.marks.states[change.id] == change.kind)
        }
        let removed = diff.transitions.filter { $0.kind == .removed }.count
        let added = diff.transitions.filter { $0.kind == .added }.count
        #expect(drawing.marks.transitions.values.filter { $0 == .removed }.count == removed)
        #expect(drawing.marks.transitions.values.filter { $0 == .added }.count == added)
        #expect(drawing.machine.transitions.count == new.transitions.count + removed)
        #expect(drawing.marks.transitions.keys.allSatisfy(drawing.machine.transitions.indices.contains))
    }

    @Test(arguments: cases) func svgClassesSayWhatChanged(_ name: String) throws {
        let (drawing, _, _) = try Self.drawing(name)
        let svg = String(
            decoding: try GraphvizRenderer().render(drawing.machine, options: Self.options(drawing, theme: "standard"), format: .svg),
            as: UTF8.self)
        var classes: [String: String] = [:]
        let pattern = try Regex(#"<g id="([^"]*)" class="([^"]*)""#)
        for match in svg.matches(of: pattern) {
            let id = String(match.output[1].substring ?? "").replacingOccurrences(of: "&#45;", with: "-")
            classes[id] = String(match.output[2].substring ?? "").replacingOccurrences(of: "&#45;", with: "-")
        }
        for state in drawing.machine.states where state.pseudoState == nil {
            let kind = drawing.marks.states[state.id]?.rawValue ?? "unchanged"
            let found = classes[DiagramElementID.state(state.id)]
            #expect(found?.split(separator: " ").last.map(String.init) == kind, "\(state.id): \(found ?? "no element")")
        }
        for number in drawing.machine.transitions.indices {
            let kind = drawing.marks.transitions[number]?.rawValue ?? "unchanged"
            let parts = classes.filter { $0.key.hasPrefix(DiagramElementID.transition(number) + "-") || $0.key == DiagramElementID.transition(number) }
            #expect(!parts.isEmpty, "transition \(number) has no element")
            for (id, found) in parts {
                #expect(found.split(separator: " ").last.map(String.init) == kind, "\(id): \(found)")
            }
        }
    }
}
