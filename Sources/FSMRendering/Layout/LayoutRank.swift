internal import CGraphviz
import FSMDOT

/// How good a laid-out drawing is (``isBetter(than:)``): regions read in document order,
/// then within ``GraphvizRenderer/readableAspect``, then lined up rather than as a
/// staircase, then the fewest detours no repair shortens, then clearly smaller, then the fewest edges through compound states that hold
/// neither end of their transition (``DrawnTransitions``), then the smallest area, then the
/// squarest.
struct LayoutRank {
    var outOfOrder = false
    var tooLong: Bool
    var staircase = false
    var crossings: Int
    /// Transitions through a junction drawn the long way round, which no repair shortens.
    var detours: Int
    var area: Double
    var aspect: Double
    /// The share of the drawing that states' own boxes cover.
    var coverage: Double
    /// Whether states cover less than ``GraphvizRenderer/sparseCoverage`` of the drawing,
    /// where that matters.
    var sparse: Bool { densityMatters && coverage < GraphvizRenderer.sparseCoverage }
    /// Whether the drawing is one that a sparse layout is laid out again for.
    var densityMatters: Bool

    init(_ graph: UnsafeMutablePointer<Agraph_t>, regions: Bool, densityMatters: Bool = true) {
        self.densityMatters = densityMatters
        let bounds = fsmviz_bounds(graph)
        aspect = Self.aspect(of: graph)
        area = (bounds.UR.x - bounds.LL.x) * (bounds.UR.y - bounds.LL.y)
        coverage = area > 0 ? Self.stateArea(of: graph) / area : 1
        tooLong = aspect > GraphvizRenderer.readableAspect
        let drawn = DrawnTransitions(graph)
        crossings = drawn.count
        detours = drawn.junctionDetours
        guard regions else { return }
        let reading = Self.regionReading(graph)
        outOfOrder = reading == .outOfOrder
        staircase = reading == .staircase
    }

    /// How far, in points, neighbouring regions may reach into each other and still read in
    /// order: DiagramCheck's tolerance, so that a layout chosen as lined up is not a staircase
    /// to the checker (`lettersState` of Qt's pinball example, its second row overlapping its
    /// first row's start by 1 pt, was).
    static let regionTolerance = 3.0

    /// Areas within this factor of each other are about as large: between such drawings,
    /// fewer edges through unrelated compound states decide. A clearly smaller drawing wins
    /// even with more, since those edges are redrawn around them anyway.
    static let sameArea = 1.15

    func isBetter(than other: LayoutRank) -> Bool {
        func flaws(_ rank: LayoutRank) -> (Int, Int, Int, Int) {
            (rank.outOfOrder ? 1 : 0, rank.tooLong ? 1 : 0, rank.staircase ? 1 : 0, rank.detours)
        }
        if flaws(self) != flaws(other) { return flaws(self) < flaws(other) }
        if area * Self.sameArea < other.area || other.area * Self.sameArea < area { return area < other.area }
        return (crossings, area, aspect) < (other.crossings, other.area, other.aspect)
    }

    /// Whether this layout of a sparse drawing, with states and ranks closer together,
    /// reads as well as `other` (regions in order and lined up, within
    /// ``GraphvizRenderer/readableAspect``) and its states cover more of it.
    func isDenser(than other: LayoutRank) -> Bool {
        func flaws(_ rank: LayoutRank) -> Int { (rank.outOfOrder ? 4 : 0) + (rank.tooLong ? 2 : 0) + (rank.staircase ? 1 : 0) }
        return flaws(self) <= flaws(other) && coverage > other.coverage
    }

    /// For drawings without regions, where the squarer direction used to win outright:
    /// within ``GraphvizRenderer/readableAspect``, fewer crossings first, then not sparse,
    /// then the squarer (of two sparse ones, the denser).
    func prefersFewerCrossings(than other: LayoutRank) -> Bool {
        func key(_ rank: LayoutRank) -> (Int, Int, Int, Double) {
            (rank.tooLong ? 1 : 0, rank.crossings, rank.sparse ? 1 : 0, rank.sparse ? -rank.coverage : rank.aspect)
        }
        return key(self) < key(other)
    }

    /// The area of the laid-out states' own nodes (not compound states' clusters, nor the
    /// helper nodes of transitions), in square points.
    private static func stateArea(of graph: UnsafeMutablePointer<Agraph_t>) -> Double {
        var area = 0.0
        var node = agfstnode(graph)
        while let current = node {
            node = agnxtnode(graph, current)
            guard let state = fsmviz_get(current, "fsmviz_state"), state.pointee != 0,
                fsmviz_get(current, "fsmviz_transition").map({ $0.pointee == 0 }) ?? true
            else { continue }
            let box = fsmviz_node_box(current)
            area += (box.UR.x - box.LL.x) * (box.UR.y - box.LL.y)
        }
        return area
    }

    /// The longer side of the laid-out drawing over its shorter side.
    private static func aspect(of graph: UnsafeMutablePointer<Agraph_t>) -> Double {
        let bounds = fsmviz_bounds(graph)
        let width = bounds.UR.x - bounds.LL.x
        let height = bounds.UR.y - bounds.LL.y
        guard width > 0, height > 0 else { return 1 }
        return max(width / height, height / width)
    }

    /// How every parallel state's regions read, the worst of them (``/FSMDOT/RegionArrangement/reading(of:tolerance:)``).
    /// The DOT marks parallel states' clusters with the class `parallel`, their regions with
    /// `region` and the invisible clusters around lines of regions with `region-line`; cgraph
    /// lists subgraphs in the order their names first appear (``DocumentReader``), which is
    /// document order.
    private static func regionReading(_ graph: UnsafeMutablePointer<Agraph_t>) -> RegionArrangement.Reading {
        func classes(_ subgraph: UnsafeMutablePointer<Agraph_t>) -> [Substring] {
            fsmviz_get(subgraph, "class").map { String(cString: $0).split(separator: " ") } ?? []
        }
        func subgraphs(of graph: UnsafeMutablePointer<Agraph_t>) -> [UnsafeMutablePointer<Agraph_t>] {
            var all: [UnsafeMutablePointer<Agraph_t>] = []
            var child = agfstsubg(graph)
            while let subgraph = child {
                all.append(subgraph)
                child = agnxtsubg(subgraph)
            }
            return all
        }
        var reading = RegionArrangement.Reading.inOrder
        var pending = [graph]
        while let current = pending.popLast() {
            var regions: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
            let parallel = classes(current).contains("parallel")
            for subgraph in subgraphs(of: current) {
                pending.append(subgraph)
                guard parallel else { continue }
                let kinds = classes(subgraph)
                let members = kinds.contains("region-line") ? subgraphs(of: subgraph) : [subgraph]
                for member in members {
                    let kinds = classes(member)
                    guard kinds.contains("region") || kinds.contains("region-border") else { continue }
                    let box = fsmviz_bounds(member)
                    regions.append((box.LL.x, box.LL.y, box.UR.x, box.UR.y))
                }
            }
            switch RegionArrangement.reading(of: regions, tolerance: Self.regionTolerance) {
            case .outOfOrder: return .outOfOrder
            case .staircase: reading = .staircase
            case .inOrder: break
            }
        }
        return reading
    }
}
