internal import FSMCore

/// One element of a parsed XML document, with namespaces resolved and its position.
struct XMLTreeElement: Sendable {
    /// The element's namespace URI, or `""` for none.
    var namespace: String
    /// The local name, without a prefix.
    var name: String
    /// Attributes by local name, for attributes without a prefix (the usual SCXML case).
    var attributes: [String: String]
    /// Prefixed attributes by `namespace URI` + space + local name.
    var qualifiedAttributes: [String: String]
    /// Child elements in document order.
    var children: [XMLTreeElement]
    /// The text directly inside the element, joined.
    var text: String
    /// Where the start tag begins.
    var location: SourceLocation

    /// The value of an attribute from namespace `namespace` named `name`.
    func attribute(_ name: String, namespace: String) -> String? {
        qualifiedAttributes[namespace + " " + name]
    }
}
