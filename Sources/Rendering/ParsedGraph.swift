/// The nodes and edges Graphviz read from a DOT document, with their labels as Graphviz
/// stores them (label escapes such as `\n` not yet applied).
public struct ParsedGraph: Hashable, Sendable {
    /// A node: its name and raw `label` attribute.
    public struct Node: Hashable, Sendable {
        public var name: String
        public var label: String
    }

    /// An edge: its endpoints' names and raw `label` attribute.
    public struct Edge: Hashable, Sendable {
        public var tail: String
        public var head: String
        public var label: String
    }

    /// Every node, in Graphviz's order.
    public var nodes: [Node]
    /// Every edge, grouped by tail node.
    public var edges: [Edge]
}
