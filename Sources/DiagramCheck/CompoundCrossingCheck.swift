internal import FSMCore

/// Finds edges that run through a compound state holding neither end of their transition: a
/// reader following the edge sees it enter a box it has nothing to do with. A start point's
/// arrow is not a transition and is not counted.
struct CompoundCrossingCheck {
    let machine: Machine
    let index: DrawingIndex
    /// How far inside a compound state's border an edge may run and still only touch it, in
    /// points.
    let tolerance: Double

    func findings() -> [DiagramFinding] {
        let parents = machine.index.parents
        // Compound states drawn as clusters, their borders moved in by the tolerance.
        let compounds: [(id: StateID, number: Int, box: DiagramBox)] = machine.states.indices.compactMap { number in
            let id = machine.states[number].id
            return index.states[id]?.cluster.map { (id, number, $0.expanded(by: -tolerance)) }
        }
        var findings: [DiagramFinding] = []
        for (number, transition) in machine.transitions.enumerated() {
            guard let edges = index.edgesOfTransition[number], !edges.isEmpty else { continue }
            // An end's own state and every state around it hold the end.
            var related = Set<Int>()
            for end in [transition.source] + transition.targets {
                var current = machine.number(of: end) ?? -1
                while current >= 0, related.insert(current).inserted { current = parents[current] }
            }
            let lines = edges.flatMap { index.drawing.edges[$0].splines.map { $0.polyline() } }
            for compound in compounds where !related.contains(compound.number) {
                let crosses = lines.contains { line in
                    zip(line, line.dropFirst()).contains { compound.box.intersects(segmentFrom: $0, to: $1) }
                }
                guard crosses else { continue }
                findings.append(
                    DiagramFinding(
                        kind: .unrelatedCompound, transitions: [number], states: [compound.id],
                        message: "\(machine.describeTransition(number)) runs through '\(compound.id.rawValue)', "
                            + "which holds neither its source nor a target",
                        location: transition.location))
            }
        }
        return findings
    }
}
