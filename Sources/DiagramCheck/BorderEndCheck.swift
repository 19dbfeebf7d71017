internal import FSMCore

/// Counts the ends of edges that meet a compound state's border right beside one of its
/// children: a compound state's own transition that leaves its border there seems to leave
/// the child, and one that enters there seems to enter it. Only measured
/// (``DiagramReport/endsBesideChildren``): the renderer moves such ends along the border where
/// it finds room, but a compound state whose children fill it leaves none.
struct BorderEndCheck {
    let machine: Machine
    let index: DrawingIndex
    /// How far an end on the border may lie from a child's box and still be beside it, in points.
    let distance: Double
    /// How far from the border an end may lie and still be on it, in points.
    let tolerance: Double

    func count() -> Int {
        let parents = machine.index.parents
        // The boxes drawn inside each compound state: its descendants' nodes and clusters.
        var inside: [StateID: [DiagramBox]] = [:]
        for (number, state) in machine.states.enumerated() {
            guard let boxes = index.states[state.id] else { continue }
            let own = boxes.nodes + [boxes.cluster].compactMap { $0 }
            var ancestor = parents[number]
            while ancestor >= 0 {
                inside[machine.states[ancestor].id, default: []] += own
                ancestor = parents[ancestor]
            }
        }
        func isBesideChild(_ point: DiagramPoint?, of state: StateID?) -> Bool {
            guard let point, let state, let border = index.states[state]?.cluster,
                border.distanceToBorder(from: point) <= tolerance
            else { return false }
            return (inside[state] ?? []).contains { $0.distance(to: point) <= distance }
        }
        var count = 0
        for (number, transition) in machine.transitions.enumerated() {
            for position in index.edgesOfTransition[number] ?? [] {
                let edge = index.drawing.edges[position]
                let part = index.part(ofEdge: position, transition: number)
                if part.leavesSource, isBesideChild(edge.splines.first?.start, of: transition.source) { count += 1 }
                if part.entersTarget, isBesideChild(edge.splines.last?.end, of: DrawingIndex.state(edge.attributes["fsmviz_target"])) {
                    count += 1
                }
            }
        }
        return count
    }
}
