import FSMCore
import FSMDOT
import FSMInterop
import FSMRendering
import Foundation
import TestSupport
import Testing

/// Hierarchy as Graphviz draws it: the Amplify sample and imported SCXML machines render
/// with compound states as clusters, parallel regions as dashed clusters inside them, and
/// history states as H / H* circles.
@Suite struct HierarchyRenderTests {
    static let machines = [
        "samples/amplify-auth.yaml",
        "corpus/w3c-irp/mandatory/test364.scxml",
        "corpus/w3c-irp/mandatory/test388.scxml",
        "corpus/w3c-irp/mandatory/test576.scxml",
        "corpus/w3c-irp/mandatory/test580.scxml",
    ]

    static func path(_ name: String) -> String {
        name.hasPrefix("corpus/")
            ? Golden.corpusFile(String(name.dropFirst("corpus/".count))).path
            : Golden.packageRoot.appendingPathComponent(name).path
    }

    @Test(arguments: machines)
    func hierarchyIsDrawnAsClustersRegionsAndHistoryCircles(name: String) throws {
        let machine = try MachineReader.read(path: Self.path(name)).machine
        let svg = try SVGStructure(GraphvizRenderer().render(machine, format: .svg))
        let compounds = machine.states.filter { machine.isCompound($0.id) }
        let regions = machine.states.filter(\.isParallel).flatMap { machine.regions(of: $0.id) }
        #expect(!compounds.isEmpty)
        for compound in compounds {
            #expect(svg.clusterTexts.contains(compound.displayName), "\(name): no cluster for \(compound.id)")
        }
        #expect(svg.dashedClusters == regions.count, "\(name): \(svg.dashedClusters) dashed clusters for \(regions.count) regions")
        let histories = machine.states.compactMap(\.pseudoState).filter(\.isHistory)
        #expect(svg.nodeTexts.filter { $0 == "H" || $0 == "H*" }.count == histories.count)
    }
}
