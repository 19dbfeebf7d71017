import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an SVG from Graphviz contains, read with a real XML parser.
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
        let document = try XMLDocument(data: Data(bytes), options: [])
        guard let root = document.rootElement(), root.name == "svg" else {
            throw CocoaError(.fileReadCorruptFile)
        }
        visit(root)
    }

    private mutating func visit(_ element: XMLElement) {
        if element.name == "script" { hasScript = true }
        elementNames.append(element.name ?? "")
        for attribute in element.attributes ?? [] {
            let name = attribute.name ?? ""
            if name.lowercased().hasPrefix("on") { eventHandlers.append(name) }
            if name == "href" || name.hasSuffix(":href") { links.append(attribute.stringValue ?? "") }
        }
        if element.name == "g", let kind = element.attributes?.first(where: { $0.name == "class" })?.stringValue {
            let children = element.children?.compactMap { $0 as? XMLElement } ?? []
            let texts = children.filter { $0.name == "text" }.compactMap(\.stringValue)
            switch kind {
            case "node":
                nodeTitles += children.filter { $0.name == "title" }.compactMap(\.stringValue)
                nodeTexts += texts
            case "edge":
                edgeCount += 1
            case "cluster":
                clusterTexts += texts
                let dashed = children.contains { child in
                    child.attributes?.contains { $0.name == "stroke-dasharray" } == true
                }
                if dashed { dashedClusters += 1 }
            default:
                break
            }
        }
        for child in element.children ?? [] {
            if let child = child as? XMLElement { visit(child) }
        }
    }
}
