extension Amplify {
    /// A diagram's hierarchy, looked up once: what the machine needs on every event to see
    /// whether a resolution's outcome is a declared transition.
    struct StateDiagramIndex<NodeID: Hashable & Sendable, EventKind: Hashable & Sendable>: Sendable {
        let diagram: Amplify.StateDiagram<NodeID, EventKind>
        private let parents: [NodeID: NodeID]
        private let initials: [NodeID: NodeID]

        init(_ diagram: Amplify.StateDiagram<NodeID, EventKind>) {
            self.diagram = diagram
            parents = Dictionary(diagram.nodes.compactMap { node in node.parent.map { (node.id, $0) } }) { first, _ in first }
            initials = Dictionary(diagram.nodes.compactMap { node in node.initial.map { (node.id, $0) } }) { first, _ in first }
        }

        /// Whether `node` is its parent's initial child.
        func isInitialChild(_ node: NodeID) -> Bool {
            parents[node].map { initials[$0] == node } ?? false
        }

        /// `node` and its ancestors, innermost first: a transition from any of them applies in
        /// `node`, as in the runtime.
        func lineage(of node: NodeID) -> [NodeID] {
            var result = [node]
            while let parent = parents[result[result.count - 1]], !result.contains(parent) { result.append(parent) }
            return result
        }

        /// The leaf the runtime ends up in when a transition enters `node`: it, or its initial
        /// child's entry leaf.
        func entryLeaf(of node: NodeID) -> NodeID {
            var leaf = node
            var seen: Set<NodeID> = [node]
            while let child = initials[leaf], seen.insert(child).inserted { leaf = child }
            return leaf
        }

        /// The target among `targets` through which a transition lands in `leaf`, if any.
        func target(landingIn leaf: NodeID, among targets: [NodeID]) -> NodeID? {
            targets.first { $0 == leaf || entryLeaf(of: $0) == leaf }
        }

        /// Whether a declared transition on `event`, available in `source`, lands in `leaf`.
        func declares(_ event: EventKind, from source: NodeID, to leaf: NodeID) -> Bool {
            let holders = lineage(of: source)
            return diagram.transitions.contains { transition in
                transition.event == event && transition.sources.contains(where: holders.contains)
                    && target(landingIn: leaf, among: transition.targets) != nil
            }
        }
    }
}
