internal import FSMCore

/// How a view's compound states become DOT clusters, and where each transition's helper
/// nodes (its label, a choice diamond or fork bar) belong.
///
/// Graphviz clips an edge at a cluster's border only when the edge's other end lies outside
/// that cluster (`ltail`/`lhead`). A transition's helper nodes are therefore placed in its
/// *domain*: the innermost drawn state that contains every end of the transition as a proper
/// descendant. Every cluster end is then outside the helper's cluster, so a compound state's
/// transitions to itself or to its own descendants leave and enter its border instead of
/// looping on a child.
struct DiagramClusters {
    /// DOT names of the states drawn as clusters around their children.
    private(set) var names: [Int: String] = [:]
    /// DOT names of the dashed clusters drawn around atomic regions of parallel states, so
    /// every region reads as one.
    private(set) var regions: [Int: String] = [:]
    /// For every cluster, the drawn leaf an edge to or from it attaches to before Graphviz
    /// clips the edge at the border: its initial child, or first drawn child, followed down.
    private(set) var anchors: [Int: Int] = [:]
    /// How deep each state is nested (1 at the top level).
    private let depth: [Int]
    private let parents: [Int]

    init(view: DiagramView, ids: inout DOTIdentifiers) {
        let machine = view.machine
        parents = machine.index.parents
        depth = StateHierarchy(machine.index, count: machine.states.count).depth
        var count = 0
        for state in view.shownStates where view.isCluster(state) {
            names[state] = ids.fresh("cluster_\(count)")
            count += 1
        }
        for state in view.shownStates where machine.states[state].isParallel {
            for region in view.children(of: state)
            where machine.states[region].pseudoState == nil && names[region] == nil {
                regions[region] = ids.fresh("cluster_\(count)")
                count += 1
            }
        }
        anchors = Self.anchors(of: names, in: view)
    }

    subscript(state: Int) -> String? { names[state] }

    /// The cluster a helper node for a transition between `ends` belongs in: the innermost
    /// state with every end as a proper descendant, or `nil` for the top level.
    func domain(of ends: some Sequence<Int>) -> Int? {
        var domain: Int?
        var first = true
        for end in ends {
            let container = parents[end] >= 0 ? parents[end] : nil
            if first {
                domain = container
                first = false
            } else {
                domain = commonAncestor(domain, container)
            }
        }
        return domain
    }

    /// The deepest state containing (or equal to) both, `nil` meaning the machine itself.
    private func commonAncestor(_ first: Int?, _ second: Int?) -> Int? {
        guard var first, var second else { return nil }
        while depth[first] > depth[second] { first = parents[first] }
        while depth[second] > depth[first] { second = parents[second] }
        while first != second {
            first = parents[first]
            second = parents[second]
            guard first >= 0, second >= 0 else { return nil }
        }
        return first
    }

    /// Each state is walked through once, so nesting a million levels deep stays linear.
    private static func anchors(of clusters: [Int: String], in view: DiagramView) -> [Int: Int] {
        let machine = view.machine
        var anchors: [Int: Int] = [:]
        var path: [Int] = []
        for cluster in view.shownStates where clusters[cluster] != nil && anchors[cluster] == nil {
            path.removeAll(keepingCapacity: true)
            var current = cluster
            var leaf = cluster
            while true {
                if let known = anchors[current] {
                    leaf = known
                    break
                }
                guard clusters[current] != nil else {
                    leaf = current
                    break
                }
                path.append(current)
                let children = view.children(of: current)
                guard let next = children.first(where: { machine.states[$0].kind == .initial }) ?? children.first
                else {
                    leaf = current
                    break
                }
                current = next
            }
            for state in path { anchors[state] = leaf }
        }
        return anchors
    }
}
