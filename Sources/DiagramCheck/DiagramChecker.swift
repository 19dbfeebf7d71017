public import FSMCore
public import FSMDOT
internal import FSMInterop
public import FSMRendering
internal import Foundation

/// Judges a machine's drawing from the geometry Graphviz laid out: whether every transition is
/// drawn, once, from its own source to its own targets; whether labels stay with their edges,
/// clear of other edges and of each other; whether parallel regions come in document order; and
/// whether the drawing is square enough to read.
///
/// The drawing is matched to the machine through the custom attributes fsmviz's DOT carries
/// (docs/diagrams.md): `fsmviz_state` on every state's node or cluster, `fsmviz_transition`,
/// `fsmviz_part` and `fsmviz_target` on the edges and helper nodes of each transition,
/// `fsmviz_internal` on a state that draws transitions inside itself.
///
/// ```swift
/// let report = try DiagramChecker().check(file: "samples/tcp.json")
/// print(report.text)
/// ```
public struct DiagramChecker: Sendable {
    /// How far outside a state's box an edge's end may lie and still be on it, in points.
    public var tolerance: Double
    /// The farthest a label may lie from its own edge, in points.
    public var maximumLabelDistance: Double
    /// The longest side over the shortest side the whole drawing may have.
    public var maximumAspectRatio: Double
    /// The least share of the drawing's area the states' own boxes must cover (compound
    /// states' borders excluded): below it, the drawing is mostly empty space. 0 (the
    /// default) only measures it (``DiagramReport/stateCoverage``): a drawing built by hand to
    /// show one defect is often sparse. `scripts/diagram-check` asks for 3%.
    public var minimumStateCoverage: Double
    /// The longest a transition's path from its source to a target may be, as a multiple of the
    /// straight distance between its ends, once it is longer than 150 pt.
    public var maximumDetour: Double
    /// The least distance between two start points' centres, in points.
    public var minimumStartSpacing: Double
    /// Lays the machines out.
    public var renderer: GraphvizRenderer

    /// Creates a checker with the default limits: ends within 3 pt, labels within 15 pt,
    /// drawings within 3:1, paths at most 3 times the straight distance, start points 20 pt
    /// apart; sparseness only measured.
    public init(
        tolerance: Double = 3, maximumLabelDistance: Double = 15, maximumAspectRatio: Double = 3,
        minimumStateCoverage: Double = 0, maximumDetour: Double = 3, minimumStartSpacing: Double = 20,
        renderer: GraphvizRenderer = GraphvizRenderer()
    ) {
        self.maximumDetour = maximumDetour
        self.minimumStartSpacing = minimumStartSpacing
        self.tolerance = tolerance
        self.maximumLabelDistance = maximumLabelDistance
        self.maximumAspectRatio = maximumAspectRatio
        self.minimumStateCoverage = minimumStateCoverage
        self.renderer = renderer
    }

    /// Reads the machine file at `path` (any format fsmviz reads), lays it out as `fsmviz
    /// render` would with `options`, and checks the drawing.
    /// - Throws: ``DiagramCheckError`` when the file cannot be read or laid out.
    public func check(
        file path: String, options: DOTOptions = DOTOptions(), engine: LayoutEngine = .auto
    ) throws(DiagramCheckError) -> DiagramReport {
        let machine: Machine
        do {
            machine = try MachineReader.read(path: path).machine
        } catch {
            throw .unreadableMachine(error)
        }
        var report = try check(machine, options: options, engine: engine)
        report.path = path
        return report
    }

    /// Lays `machine` out as `fsmviz render` would with `options` and `engine`, and checks the
    /// drawing.
    /// - Throws: ``DiagramCheckError`` when Graphviz cannot lay it out.
    public func check(
        _ machine: Machine, options: DOTOptions = DOTOptions(), engine: LayoutEngine = .auto
    ) throws(DiagramCheckError) -> DiagramReport {
        let json: [UInt8]
        do {
            json = try renderer.render(machine, options: options, format: .json, engine: engine)
        } catch {
            throw .renderFailed(error)
        }
        return check(machine, drawing: try LaidOutDiagram(graphvizJSON: json))
    }

    /// Lays out `dot`, which draws `machine`, with Graphviz's `engine`, and checks it: for
    /// drawings written by hand, or by a DOT writer under test.
    /// - Throws: ``DiagramCheckError`` when Graphviz cannot read or lay out the DOT.
    public func check(_ machine: Machine, dot: String, engine: String = "dot") throws(DiagramCheckError) -> DiagramReport {
        let json: [UInt8]
        do {
            json = try renderer.render(dot: dot, format: .json, engine: engine)
        } catch {
            throw .renderFailed(error)
        }
        return check(machine, drawing: try LaidOutDiagram(graphvizJSON: json))
    }

    /// Checks a drawing described in the neutral drawing format (``LaidOutDiagram/init(drawingJSON:)``),
    /// such as PlantUML's read from its SVG, by the same criteria as fsmviz's own.
    /// - Throws: ``DiagramCheckError/invalidDrawing(reason:)`` when it is not such a drawing.
    public func check(_ machine: Machine, drawingDocument bytes: [UInt8]) throws(DiagramCheckError) -> DiagramReport {
        check(machine, drawing: try LaidOutDiagram(drawingJSON: bytes))
    }

    /// Reads the machine file at `path` and checks the drawing of it described in the neutral
    /// drawing format at `drawingPath`.
    /// - Throws: ``DiagramCheckError`` when either file cannot be read.
    public func check(file path: String, drawing drawingPath: String) throws(DiagramCheckError) -> DiagramReport {
        let machine: Machine
        do {
            machine = try MachineReader.read(path: path).machine
        } catch {
            throw .unreadableMachine(error)
        }
        guard let bytes = FileManager.default.contents(atPath: drawingPath) else {
            throw .invalidDrawing(reason: "\(drawingPath): cannot be read")
        }
        var report: DiagramReport
        do {
            report = try check(machine, drawingDocument: Array(bytes))
        } catch {
            guard case .invalidDrawing(let reason) = error.kind else { throw error }
            throw .invalidDrawing(reason: "\(drawingPath): \(reason)")
        }
        report.path = path
        return report
    }

    /// Checks a drawing already laid out.
    public func check(_ machine: Machine, drawing: LaidOutDiagram) -> DiagramReport {
        let index = DrawingIndex(drawing)
        let labels = LabelCheck(machine: machine, index: index, maximumDistance: maximumLabelDistance)
        let drawnLabels = labels.labels
        var findings = TransitionEndsCheck(machine: machine, index: index, tolerance: tolerance).findings()
        findings += labels.findings(of: drawnLabels)
        findings += RegionOrderCheck(machine: machine, index: index, tolerance: tolerance).findings()
        findings += CompoundCrossingCheck(machine: machine, index: index, tolerance: tolerance).findings()
        let detours = DetourCheck(machine: machine, index: index, maximumDetour: maximumDetour, minimumLength: 150).measured()
        findings += detours.findings
        let starts = StartSpacingCheck(drawing: drawing, minimumSpacing: minimumStartSpacing)
        findings += starts.findings()
        let bounds = drawing.boundingBox
        let aspect =
            bounds.width > 0 && bounds.height > 0
            ? max(bounds.width / bounds.height, bounds.height / bounds.width) : 1
        if aspect > maximumAspectRatio {
            findings.append(
                DiagramFinding(
                    kind: .aspectRatio,
                    message: "the drawing is \(DiagramPoint.rounded(bounds.width)) × \(DiagramPoint.rounded(bounds.height)) pt, "
                        + "\(DiagramPoint.rounded(aspect, scale: 100)):1, beyond \(DiagramPoint.rounded(maximumAspectRatio)):1"))
        }
        let coverage = Self.stateCoverage(of: index)
        if coverage < minimumStateCoverage {
            findings.append(
                DiagramFinding(
                    kind: .sparseDrawing,
                    message: "the states cover \(DiagramPoint.rounded(coverage * 100, scale: 10))% of the drawing, "
                        + "below \(DiagramPoint.rounded(minimumStateCoverage * 100, scale: 10))%"))
        }
        return DiagramReport(
            machineName: machine.name, transitionCount: machine.transitions.count, aspectRatio: aspect,
            stateCoverage: coverage,
            labelCount: drawnLabels.filter { !$0.transitions.isEmpty }.count, longestDetour: detours.longest,
            closestStarts: starts.closest,
            parallelStateCount: machine.states.filter { parallel in
                parallel.isParallel && machine.regions(of: parallel.id).filter { index.states[$0]?.outline != nil }.count > 1
            }.count,
            endsBesideChildren: BorderEndCheck(machine: machine, index: index, distance: 10, tolerance: tolerance).count(),
            findings: findings)
    }

    /// The share of the drawing's area that states drawn as nodes cover (a compound state's
    /// cluster is mostly its children's space, so it does not count).
    static func stateCoverage(of index: DrawingIndex) -> Double {
        let bounds = index.drawing.boundingBox
        guard bounds.width > 0, bounds.height > 0 else { return 1 }
        let covered = index.states.values.flatMap(\.nodes).reduce(0) { $0 + $1.width * $1.height }
        return covered / (bounds.width * bounds.height)
    }
}
