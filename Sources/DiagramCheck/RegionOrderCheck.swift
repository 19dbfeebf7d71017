internal import FSMCore
internal import FSMDOT

/// Finds parallel states whose regions are not laid out in document order, read like text
/// (each region right of the one before or wholly below it), or overlap, and those whose
/// regions, in order, step diagonally like a staircase instead of sharing rows or columns.
struct RegionOrderCheck {
    let machine: Machine
    let index: DrawingIndex
    /// How far neighbouring regions may reach into each other and still be in order, in points.
    let tolerance: Double

    func findings() -> [DiagramFinding] {
        machine.states.filter(\.isParallel).compactMap(check)
    }

    private func check(_ parallel: State) -> DiagramFinding? {
        let regions = machine.regions(of: parallel.id).compactMap { region in
            index.states[region]?.outline.map { (id: region, box: $0) }
        }
        guard regions.count > 1 else { return nil }
        // Read like text, as a row, a column or a grid of rows or columns (Graphviz's y grows
        // upwards), lined up.
        let reading = RegionArrangement.reading(
            of: regions.map { ($0.box.minX, $0.box.minY, $0.box.maxX, $0.box.maxY) }, tolerance: tolerance)
        guard reading != .inOrder else { return nil }
        let names = regions.map { "'\($0.id.rawValue)' at \($0.box)" }.joined(separator: ", ")
        let overlap = regions.indices.lazy.flatMap { first in regions.indices[(first + 1)...].lazy.map { (first, $0) } }
            .first { first, second in
                regions[first].box.expanded(by: -tolerance).intersects(regions[second].box.expanded(by: -tolerance))
            }
        if reading == .staircase {
            return DiagramFinding(
                kind: .regionsStaircase, states: [parallel.id] + regions.map(\.id),
                message: "the regions of '\(parallel.id.rawValue)' form a staircase: one lies both right of and below "
                    + "the one before, sharing neither its row nor its column (\(names))",
                location: parallel.location)
        }
        let problem =
            overlap.map { "'\(regions[$0.0].id.rawValue)' and '\(regions[$0.1].id.rawValue)' overlap" }
            ?? "they do not read left to right and top to bottom in that order"
        return DiagramFinding(
            kind: .regionsOutOfOrder, states: [parallel.id] + regions.map(\.id),
            message: "the regions of '\(parallel.id.rawValue)' are out of document order: \(problem) (\(names))",
            location: parallel.location)
    }
}
