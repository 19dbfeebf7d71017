internal import FSMCore

/// Finds labels detached from their edges, labels crossed by other edges, and labels that
/// overlap.
struct LabelCheck {
    /// One drawn text of a transition (or of another edge, such as a stub).
    struct DrawnLabel {
        var box: DiagramBox
        /// The transitions it belongs to; empty for an edge that draws none.
        var transitions: Set<Int>
        /// The polylines of the edges it labels.
        var ownLines: [[DiagramPoint]]
        var element: String
    }

    /// A visible edge, flattened once for every label it is tested against.
    private struct Line {
        var points: [DiagramPoint]
        var bounds: DiagramBox
        var transitions: Set<Int>
        var element: String
    }

    let machine: Machine
    let index: DrawingIndex
    /// The farthest a label may lie from its own edge, in points.
    let maximumDistance: Double
    /// How far boxes must reach into each other (or an edge into a box) to count, in points:
    /// texts that merely touch are not overlapping.
    let overlapMargin = 1.0

    /// The labels of the drawing: edge texts (`label`, `xlabel`, head and tail labels) and
    /// label nodes (`fsmviz_part=label`).
    var labels: [DrawnLabel] {
        let drawing = index.drawing
        var labels: [DrawnLabel] = []
        for (position, edge) in drawing.edges.enumerated() where edge.isVisible {
            let transitions = Set(DrawingIndex.numbers(edge.attributes["fsmviz_transition"]))
            let line = edge.splines.map { $0.polyline() }
            for label in edge.labels {
                labels.append(
                    DrawnLabel(
                        box: label.box, transitions: transitions, ownLines: line,
                        element: "the \(label.placement.rawValue) of edge '\(edge.attributes["id"] ?? "\(position)")'"))
            }
        }
        for node in drawing.nodes where node.attributes["fsmviz_part"] == "label" {
            let transitions = Set(DrawingIndex.numbers(node.attributes["fsmviz_transition"]))
            let lines = transitions.sorted().flatMap { index.edgesOfTransition[$0] ?? [] }
                .flatMap { drawing.edges[$0].splines.map { $0.polyline() } }
            labels.append(
                DrawnLabel(
                    box: node.text ?? node.box, transitions: transitions, ownLines: lines,
                    element: "label node '\(node.attributes["id"] ?? node.name)'"))
        }
        return labels
    }

    func findings(of labels: [DrawnLabel]) -> [DiagramFinding] {
        var findings: [DiagramFinding] = []
        let lines = index.drawing.edges.enumerated().filter(\.element.isVisible).flatMap { position, edge in
            edge.splines.map { spline in
                let points = spline.polyline()
                return Line(
                    points: points, bounds: Self.bounds(of: points),
                    transitions: Set(DrawingIndex.numbers(edge.attributes["fsmviz_transition"])),
                    element: edge.attributes["id"] ?? "\(position)")
            }
        }
        for label in labels where !label.transitions.isEmpty {
            let distance = label.ownLines.map { Self.distance(from: label.box, to: $0) }.min() ?? .infinity
            if distance > maximumDistance {
                findings.append(
                    finding(
                        .detachedLabel, label.transitions,
                        "the label of \(describe(label.transitions)) lies "
                            + (distance.isFinite ? "\(DiagramPoint.rounded(distance)) pt" : "with no edge of its own")
                            + " from its edge (\(label.element), at \(label.box))"))
            }
            let inner = label.box.expanded(by: -overlapMargin)
            var crossers: [String] = []
            var crossingTransitions = Set<Int>()
            for line in lines where line.transitions.isDisjoint(with: label.transitions) && line.bounds.intersects(inner) {
                guard zip(line.points, line.points.dropFirst()).contains(where: { inner.intersects(segmentFrom: $0, to: $1) })
                else { continue }
                if line.transitions.isEmpty {
                    crossers.append("edge '\(line.element)'")
                } else if crossingTransitions.isDisjoint(with: line.transitions) {
                    crossers.append(describe(line.transitions))
                }
                crossingTransitions.formUnion(line.transitions)
            }
            if !crossers.isEmpty {
                findings.append(
                    finding(
                        .crossedLabel, label.transitions,
                        "the label of \(describe(label.transitions)) is crossed by " + crossers.joined(separator: "; "),
                        others: crossingTransitions))
            }
        }
        // Sorted by left edge, each label meets only those that start before it ends.
        let sorted = labels.sorted { $0.box.minX < $1.box.minX }
        for (position, first) in sorted.enumerated() {
            let box = first.box.expanded(by: -overlapMargin)
            for second in sorted[(position + 1)...] {
                guard second.box.minX < box.maxX else { break }
                guard box.intersects(second.box.expanded(by: -overlapMargin)) else { continue }
                findings.append(
                    finding(
                        .overlappingLabels, first.transitions.union(second.transitions),
                        "the labels of \(describe(first.transitions, or: first.element)) and "
                            + "\(describe(second.transitions, or: second.element)) overlap"))
            }
        }
        return findings
    }

    private func describe(_ transitions: Set<Int>, or element: String = "") -> String {
        transitions.isEmpty ? element : transitions.sorted().map(machine.describeTransition).joined(separator: " + ")
    }

    private func finding(
        _ kind: DiagramFinding.Kind, _ transitions: Set<Int>, _ message: String, others: Set<Int> = []
    ) -> DiagramFinding {
        let numbers = transitions.sorted() + others.subtracting(transitions).sorted()
        return DiagramFinding(
            kind: kind, transitions: numbers, message: message, location: machine.firstLocation(ofTransitions: numbers))
    }

    private static func distance(from box: DiagramBox, to line: [DiagramPoint]) -> Double {
        guard line.count > 1 else { return line.first.map(box.distance(to:)) ?? .infinity }
        return zip(line, line.dropFirst()).map { box.distance(toSegmentFrom: $0, to: $1) }.min() ?? .infinity
    }

    private static func bounds(of points: [DiagramPoint]) -> DiagramBox {
        DiagramBox(
            minX: points.map(\.x).min() ?? 0, minY: points.map(\.y).min() ?? 0, maxX: points.map(\.x).max() ?? 0,
            maxY: points.map(\.y).max() ?? 0)
    }
}
