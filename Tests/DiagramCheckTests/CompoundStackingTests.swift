import FSMCore
import FSMDOT
import FSMInterop
import FSMRendering
import Foundation
import Testing

/// A sparse drawing whose compound states a layout set side by side on shared ranks is laid
/// out again with them one after another along the flow, and rows of regions laid out again
/// for density keep their document order.
@Suite struct CompoundStackingTests {
    /// `checkout.scxml`'s steps ran down in a diagonal, each beside the one before, leaving
    /// two empty triangles: 2.3% of the drawing covered. Stacked, none shares a rank with the next.
    @Test func checkoutStepsFollowOneAnotherDownTheDrawing() throws {
        let path = MachineFixtures.directory.appendingPathComponent("checkout.scxml").path
        let machine = try MachineReader.read(path: path).machine
        let json = try GraphvizRenderer().render(machine, format: .json)
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let objects = try #require(layout["objects"] as? [[String: Any]])
        func box(_ state: String) throws -> (bottom: Double, top: Double) {
            let object = try #require(objects.first { $0["id"] as? String == "state-\(state)" }, "no \(state)")
            let corners = try #require(object["bb"] as? String).split(separator: ",").compactMap { Double($0) }
            try #require(corners.count == 4)
            return (corners[1], corners[3])
        }
        let steps = try ["cart", "details", "payment", "placing"].map(box)
        for (earlier, later) in zip(steps, steps.dropFirst()) {
            // Graphviz's y grows upwards.
            #expect(later.top <= earlier.bottom, "\(steps)")
        }
    }

    /// Laid out again for density, each row of regions hangs from pegs in one rank, each peg
    /// after the one before in document order; the first layout leaves Graphviz free.
    @Test func compactRowsOfRegionsHangFromOrderedPegs() throws {
        let path = MachineFixtures.directory.appendingPathComponent("checkout.scxml").path
        let machine = try MachineReader.read(path: path).machine
        let compact = DOTWriter(options: DOTOptions(regionArrangement: .rows, isCompact: true)).write(machine)
        let pegs = try #require(compact.split(separator: "\n").first { $0.contains("{rank=same; ") })
        #expect(pegs.contains("regions_1 -> regions_2 -> regions_3 [style=invis]}"), "\(pegs)")
        for (peg, start) in [("regions_1", "cardCheck"), ("regions_2", "addressCheck"), ("regions_3", "fraudCheck")] {
            let edge = try #require(compact.split(separator: "\n").first { $0.contains("\(peg) -> start_") }, "\(peg)")
            let region = try #require(compact.split(separator: "\n").first { $0.contains("id=\"state-\(start)-start\"") })
            #expect(region.contains(edge.split(separator: " ")[2]), "\(edge) does not lead into \(start)")
        }
        #expect(!DOTWriter(options: DOTOptions(regionArrangement: .rows)).write(machine).contains("rank=same"))
    }
}
