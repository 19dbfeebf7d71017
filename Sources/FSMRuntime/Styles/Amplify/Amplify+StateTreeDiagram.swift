import FSMCore

extension Amplify {
    /// The diagram of a state tree, built from resolved steps.
    ///
    /// Every value of the tree is a node named by its `type` under its parent's node: a value
    /// without substates is a leaf; a value with one substate a compound state around it; a
    /// value with two or more a parallel state with a region per substate (named by the
    /// property). A step draws a transition between the leaves that changed in each region,
    /// or, when no leaf changed but actions were asked for, an internal transition of the
    /// top-level state guarded by the leaves it happened in.
    struct StateTreeDiagram {
        private struct Node {
            let id: String
            let label: String
            let parent: String?
            let isParallel: Bool
            let isInitial: Bool
        }

        private var nodes: [Node] = []
        private var index: [String: Int] = [:]
        private var transitions: [Transition] = []
        private var drawn: Set<Transition> = []

        init(root: any State) {
            _ = leaves(of: root, under: nil)
        }

        mutating func add(from source: any State, event: String, to target: any State, effects: [String]) {
            let before = leaves(of: source, under: nil)
            let after = leaves(of: target, under: nil)
            let left = before.filter { !after.contains($0) }
            let entered = after.filter { !before.contains($0) }
            if left.isEmpty, entered.isEmpty {
                guard !effects.isEmpty, let first = before.first else { return }
                let configuration = before.compactMap { index[$0].map { nodes[$0].label } }.joined(separator: ", ")
                draw(
                    Transition(
                        from: StateID(topLevel(of: first)), on: EventID(event), to: [], guard: "in \(configuration)",
                        effects: effects))
                return
            }
            for leaf in left {
                let region = region(of: leaf)
                guard let target = entered.first(where: { self.region(of: $0) == region }) else { continue }
                draw(Transition(from: StateID(leaf), on: EventID(event), to: [StateID(target)], effects: effects))
            }
        }

        func machine(name: String) throws(MachineError) -> Machine {
            try Machine(
                name: name,
                states: nodes.map { node in
                    FSMCore.State(
                        StateID(node.id), label: node.label, kind: node.isInitial ? .initial : .normal,
                        parent: node.parent.map { StateID($0) }, isParallel: node.isParallel)
                },
                transitions: transitions)
        }

        private mutating func draw(_ transition: Transition) {
            if drawn.insert(transition).inserted { transitions.append(transition) }
        }

        /// The leaves `state` is in, registering the nodes on the way.
        private mutating func leaves(of state: any State, under parent: String?) -> [String] {
            let id = parent.map { "\($0)/\(state.type)" } ?? state.type
            let substates = Self.substates(of: state)
            register(id, label: state.type, parent: parent, isParallel: substates.count > 1)
            switch substates.count {
            case 0:
                return [id]
            case 1:
                return leaves(of: substates[0].state, under: id)
            default:
                return substates.flatMap { substate in
                    let region = "\(id)/\(substate.label)"
                    register(region, label: substate.label, parent: id, isParallel: false)
                    return leaves(of: substate.state, under: region)
                }
            }
        }

        /// Adds a node the first time it is seen: the first child of a compound state (not
        /// of a parallel one, whose regions are all entered) is its initial state.
        private mutating func register(_ id: String, label: String, parent: String?, isParallel: Bool) {
            guard index[id] == nil else { return }
            let parentNode = parent.flatMap { index[$0] }.map { nodes[$0] }
            let isFirstChild = !nodes.contains { $0.parent == parent }
            let isInitial = parentNode?.isParallel != true && isFirstChild
            index[id] = nodes.count
            nodes.append(Node(id: id, label: label, parent: parent, isParallel: isParallel, isInitial: isInitial))
        }

        /// The top-level state `id` is in.
        private func topLevel(of id: String) -> String {
            var current = id
            while let parent = index[current].flatMap({ nodes[$0].parent }) { current = parent }
            return current
        }

        /// The region a leaf belongs to: its nearest ancestor whose parent is parallel, or the root.
        private func region(of leaf: String) -> String {
            var current = leaf
            while let node = index[current].map({ nodes[$0] }), let parent = node.parent {
                if index[parent].map({ nodes[$0].isParallel }) == true { return current }
                current = parent
            }
            return current
        }

        /// A value's stored properties (or enum payloads) that are states, in declaration order.
        private static func substates(of state: any State) -> [(label: String, state: any State)] {
            Mirror(reflecting: state).children.compactMap { child in
                (child.value as? any State).map { (child.label ?? "", $0) }
            }
        }
    }
}
