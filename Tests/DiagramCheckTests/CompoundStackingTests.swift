import FSMCore
import FSMDOT
import FSMInterop
import FSMRendering
import Foundation
import Testing

/// A sparse drawing is laid out again, denser: its compound states that a layout set side by
/// side on shared ranks one after another along the flow, and its densest arrangement of
/// regions with each row pegged in document order under the row before.
@Suite struct CompoundStackingTests {
    /// The boxes of `states` (compound states' clusters or other states' nodes) as `fixture` is
    /// drawn by default, in Graphviz's coordinates (y grows upwards).
    static func boxes(of states: [String], in fixture: String) throws -> [(minX: Double, minY: Double, maxX: Double, maxY: Double)] {
        try boxes(of: states, in: MachineReader.read(path: MachineFixtures.directory.appendingPathComponent(fixture).path).machine)
    }

    /// The boxes of `states` as `machine` is drawn by default, in Graphviz's coordinates.
    static func boxes(of states: [String], in machine: Machine) throws -> [(minX: Double, minY: Double, maxX: Double, maxY: Double)] {
        let json = try GraphvizRenderer().render(machine, format: .json)
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let objects = try #require(layout["objects"] as? [[String: Any]])
        return try states.map { state in
            let object = try #require(objects.first { $0["id"] as? String == "state-\(state)" }, "no \(state)")
            if let bb = object["bb"] as? String {
                let corners = bb.split(separator: ",").compactMap { Double($0) }
                try #require(corners.count == 4)
                return (corners[0], corners[1], corners[2], corners[3])
            }
            // A state drawn as a node: its centre, and its size in inches.
            let centre = try #require(object["pos"] as? String).split(separator: ",").compactMap { Double($0) }
            let width = try #require((object["width"] as? String).flatMap(Double.init)) * 72
            let height = try #require((object["height"] as? String).flatMap(Double.init)) * 72
            try #require(centre.count == 2)
            return (centre[0] - width / 2, centre[1] - height / 2, centre[0] + width / 2, centre[1] + height / 2)
        }
    }

    /// `checkout.scxml`'s steps ran down in a diagonal, each beside the one before, leaving
    /// two empty triangles: 2.3% of the drawing covered. Stacked, none shares a rank with the next.
    @Test func checkoutStepsFollowOneAnotherDownTheDrawing() throws {
        let steps = try Self.boxes(of: ["cart", "details", "payment", "placing"], in: "checkout.scxml")
        for (earlier, later) in zip(steps, steps.dropFirst()) {
            #expect(later.maxY <= earlier.minY, "\(steps)")
        }
    }

    /// `infotainment.yaml`'s six regions stood in one column drifting right (2.3% covered);
    /// pegged in two rows and ranked globally, they read like text (3.7%).
    @Test func infotainmentRegionsReadInTwoRows() throws {
        let regions = try Self.boxes(
            of: ["Audio", "Navigation", "Phone", "Climate", "Display", "Settings"], in: "infotainment.yaml")
        for row in [regions[0..<3], regions[3..<6]] {
            for (left, right) in zip(row, row.dropFirst()) { #expect(right.minX >= left.maxX, "\(regions)") }
        }
        #expect(regions[3...].allSatisfy { below in regions[..<3].allSatisfy { below.maxY <= $0.minY } }, "\(regions)")
        #expect(regions[3].minX <= regions[0].minX + 3, "the second row starts under the first: \(regions)")
    }

    /// Laid out again for density, each row of regions hangs from pegs in one rank, each peg
    /// after the one before in document order, and each row's first peg under the first peg of
    /// the row before; the first layout leaves Graphviz free.
    @Test func compactRowsOfRegionsHangFromOrderedPegs() throws {
        let path = MachineFixtures.directory.appendingPathComponent("infotainment.yaml").path
        let machine = try MachineReader.read(path: path).machine
        let compact = DOTWriter(options: DOTOptions(regionArrangement: .rows, spacing: .compact)).write(machine)
        let lines = compact.split(separator: "\n")
        let rows = lines.filter { $0.contains("{rank=same; ") }
        try #require(rows.count == 2, "\(rows)")
        var firsts: [Substring] = []
        for (row, starts) in zip(rows, [["Audio", "Navigation", "Phone"], ["Climate", "Display", "Settings"]]) {
            let chain = try #require(row.split(separator: "; ").last?.split(separator: " [").first)
            let pegs = chain.split(separator: " -> ")
            try #require(pegs.count == starts.count, "\(row)")
            firsts.append(pegs[0])
            for (peg, region) in zip(pegs, starts) {
                let start = try #require(lines.first { $0.contains("id=\"state-\(region)-start\"") }, "\(region)")
                let name = try #require(start.split(separator: " ").first)
                #expect(lines.contains { $0.contains("\(peg) -> \(name) [style=invis, weight=100]") }, "\(peg) does not lead into \(region)")
            }
        }
        #expect(lines.contains { $0.contains("\(firsts[0]) -> \(firsts[1]) [style=invis, weight=100]") }, "\(firsts)")
        #expect(!DOTWriter(options: DOTOptions(regionArrangement: .rows)).write(machine).contains("rank=same"))
    }
}
