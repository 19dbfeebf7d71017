/// The XML namespaces SCXML files use.
enum SCXMLNamespaces {
    /// W3C SCXML 1.0.
    static let scxml = "http://www.w3.org/2005/07/scxml"
    /// fsmviz's own attributes and elements, which keep what SCXML has no place for (state
    /// labels, effect descriptions) so that a converted machine reads back the same.
    static let fsmviz = "https://fsmviz.dev/scxml"
}
