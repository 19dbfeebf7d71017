internal import FSMCore

/// Finds transitions drawn the long way round: an edge, through its label, from its source to a
/// target that runs more than ``DiagramChecker/maximumDetour`` times the straight distance
/// between where it starts and where it ends (a label that pulls its edge around a compound
/// state, or past its target and back). Transitions between a state and itself or one of its
/// own descendants are loops by nature and are not counted.
struct DetourCheck {
    let machine: Machine
    let index: DrawingIndex
    /// The longest path allowed, as a multiple of the straight distance.
    let maximumDetour: Double
    /// Paths shorter than this are never detours, however they bend, in points.
    let minimumLength: Double

    func findings() -> [DiagramFinding] { measured().findings }

    /// The findings, and the longest path of any transition longer than ``minimumLength`` as a
    /// multiple of the straight distance between its ends (1 when there is none): how near the
    /// drawing comes to a detour, where the findings only say whether it has one.
    func measured() -> (findings: [DiagramFinding], longest: Double) {
        let parents = machine.index.parents
        func isWithin(_ state: Int, _ other: Int) -> Bool {
            var current = state
            while current >= 0 {
                if current == other { return true }
                current = parents[current]
            }
            return false
        }
        var findings: [DiagramFinding] = []
        var longest = 1.0
        for (number, transition) in machine.transitions.enumerated() {
            guard let edges = index.edgesOfTransition[number], let source = machine.number(of: transition.source)
            else { continue }
            let parts = edges.map { (edge: index.drawing.edges[$0], part: index.part(ofEdge: $0, transition: number)) }
            // The path to each target: every edge up to the junction (or label), then the one into it.
            let shared = parts.filter { !$0.part.entersTarget }.reduce(0.0) { $0 + Self.length(of: $1.edge) }
            guard let start = parts.first(where: \.part.leavesSource)?.edge.splines.first?.start else { continue }
            for (edge, part) in parts where part.entersTarget {
                guard let target = DrawingIndex.state(edge.attributes["fsmviz_target"]).flatMap(machine.number(of:)),
                    !isWithin(source, target), !isWithin(target, source), let end = edge.splines.last?.end
                else { continue }
                let length = (part == .whole ? 0 : shared) + Self.length(of: edge)
                let straight = start.distance(to: end)
                guard length > minimumLength else { continue }
                longest = max(longest, length / max(straight, 1))
                guard length > maximumDetour * straight else { continue }
                findings.append(
                    DiagramFinding(
                        kind: .detour, transitions: [number], states: [machine.states[target].id],
                        message: "\(machine.describeTransition(number)) is drawn \(DiagramPoint.rounded(length)) pt long "
                            + "to '\(machine.states[target].id.rawValue)', \(DiagramPoint.rounded(length / max(straight, 1), scale: 10)) "
                            + "times the \(DiagramPoint.rounded(straight)) pt between its ends",
                        location: transition.location))
            }
        }
        return (findings, longest)
    }

    static func length(of edge: LaidOutDiagram.Edge) -> Double {
        edge.splines.reduce(0) { total, spline in
            let line = spline.polyline()
            return total + zip(line, line.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        }
    }
}
