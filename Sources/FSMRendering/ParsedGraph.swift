/// The nodes and edges Graphviz read from a DOT document, with their labels as Graphviz
/// stores them (label escapes such as `\n` not yet applied).
public struct ParsedGraph: Hashable, Sendable {
    /// A node: its name and raw `label` attribute.
    public struct Node: Hashable, Sendable {
        /// The node's name (its DOT identifier).
        public var name: String
        /// The `label` attribute (its declared default where this one sets none; empty when
        /// the graph declares no `label`).
        public var label: String
    }

    /// An edge: its endpoints' names and raw `label` attribute.
    public struct Edge: Hashable, Sendable {
        /// The name of the node the edge leaves.
        public var tail: String
        /// The name of the node the edge enters.
        public var head: String
        /// The `label` attribute (its declared default where this one sets none; empty when
        /// the graph declares no `label`).
        public var label: String
    }

    /// Every node, in Graphviz's order.
    public var nodes: [Node]
    /// Every edge, grouped by tail node.
    public var edges: [Edge]
}
