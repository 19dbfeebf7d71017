import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an SVG from Graphviz contains, read with a real XML parser.
///
/// Read with `XMLParser` into a plain tree rather than with `XMLDocument`: on Linux every node
/// `XMLDocument` hands out is retained by its libxml2 node and holds its document strongly, so
/// a parsed document is never freed (the address sanitizer reported each SVG a test read).
struct SVGStructure {
    /// The `<title>` of every `<g class="node">`: the DOT node names.
    var nodeTitles: [String] = []
    /// The text shown inside node groups.
    var nodeTexts: [String] = []
    /// The number of `<g class="edge">` groups.
    var edgeCount = 0
    /// The text of every `<g class="cluster">` label.
    var clusterTexts: [String] = []
    /// How many clusters have a dashed border.
    var dashedClusters = 0
    /// Whether any `<script>` element exists.
    var hasScript = false
    /// The names of event-handler attributes (`onload`, `onclick`, ...) on any element.
    var eventHandlers: [String] = []
    /// The values of every `href` and `xlink:href` attribute.
    var links: [String] = []
    /// The names of every element, in document order.
    var elementNames: [String] = []

    init(_ bytes: [UInt8]) throws {
        visit(try Self.tree(bytes))
    }

    /// The SVG's root element, parsed.
    static func tree(_ bytes: [UInt8]) throws -> Element {
        let tree = TreeBuilder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = tree
        guard parser.parse(), let root = tree.root, root.name == "svg" else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return root
    }

    private mutating func visit(_ element: Element) {
        if element.name == "script" { hasScript = true }
        elementNames.append(element.name)
        // Sorted: the parser hands attributes over as a dictionary.
        for (name, value) in element.attributes.sorted(by: { $0.key < $1.key }) {
            if name.lowercased().hasPrefix("on") { eventHandlers.append(name) }
            if name == "href" || name.hasSuffix(":href") { links.append(value) }
        }
        // fsmviz adds its own classes after Graphviz's (`node state atomic`), and a tooltip
        // wraps a group's shapes in `<g><a>`.
        if element.name == "g", let kind = element.attributes["class"]?.split(separator: " ").first {
            let texts = element.drawn.filter { $0.name == "text" }.map(\.stringValue)
            switch kind {
            case "node":
                nodeTitles += element.children.filter { $0.name == "title" }.map(\.stringValue)
                nodeTexts += texts
            case "edge":
                edgeCount += 1
            case "cluster":
                clusterTexts += texts
                if element.drawn.contains(where: { $0.attributes["stroke-dasharray"] != nil }) { dashedClusters += 1 }
            default:
                break
            }
        }
        for child in element.children { visit(child) }
    }

    /// An element: its attributes, its child elements and the text inside it, at any depth
    /// (what `XMLNode.stringValue` gives).
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var stringValue = ""

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// The shapes and texts a group draws: its children, and those inside a tooltip's
        /// `<g><a>` wrapper.
        var drawn: [Element] {
            children.flatMap { child in
                child.name == "g" && child.attributes["class"] == nil ? child.children.flatMap { $0.name == "a" ? $0.children : [$0] } : [child]
            }
        }
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: Element?
        private var open: [Element] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            let element = Element(name: elementName, attributes: attributes)
            if let parent = open.last { parent.children.append(element) } else { root = element }
            open.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            for element in open { element.stringValue += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            let text = String(decoding: CDATABlock, as: UTF8.self)
            for element in open { element.stringValue += text }
        }
    }
}
