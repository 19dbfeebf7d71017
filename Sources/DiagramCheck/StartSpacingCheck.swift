/// Finds start points that lie so close together that a reader cannot tell which compound
/// state each one starts: two start dots nearer than ``DiagramChecker/minimumStartSpacing``.
struct StartSpacingCheck {
    let drawing: LaidOutDiagram
    let minimumSpacing: Double

    var starts: [LaidOutDiagram.Node] {
        drawing.nodes.filter { ($0.attributes["class"] ?? "").split(separator: " ").contains("start") }
    }

    /// The distance between the two nearest start points' centres, or `nil` with fewer than two.
    var closest: Double? {
        let starts = starts
        return starts.indices.flatMap { first in
            starts[(first + 1)...].map { starts[first].box.center.distance(to: $0.box.center) }
        }.min()
    }

    func findings() -> [DiagramFinding] {
        let starts = starts
        var findings: [DiagramFinding] = []
        for (first, one) in starts.enumerated() {
            for other in starts[(first + 1)...] where one.box.center.distance(to: other.box.center) < minimumSpacing {
                let names = [one, other].map { $0.attributes["id"] ?? $0.name }
                findings.append(
                    DiagramFinding(
                        kind: .ambiguousStart,
                        message: "start points '\(names[0])' and '\(names[1])' are "
                            + "\(DiagramPoint.rounded(one.box.center.distance(to: other.box.center))) pt apart, "
                            + "closer than \(DiagramPoint.rounded(minimumSpacing)) pt"))
            }
        }
        return findings
    }
}
