internal import FSMCore

/// Summarises SCXML executable content (`<raise>`, `<send>`, `<assign>`, `<log>`, `<if>`, ...)
/// as one line of text per element, for effect labels. fsmviz does not run it.
struct ExecutableContent {
    /// The longest summary kept, in characters; longer ones end in an ellipsis.
    static let maximumLength = 200

    /// Elements met that are not executable content, with where they were.
    var warnings: [(location: SourceLocation, message: String)] = []

    /// One description per element of `elements`, in order.
    mutating func summarize(_ elements: [XMLTreeElement]) -> [String] {
        elements.compactMap { element in
            // fsmviz's own effects hold the description verbatim, as fsmviz wrote it.
            if element.namespace == SCXMLNamespaces.fsmviz, element.name == "effect" { return element.text }
            return summary(of: element).map(Self.shortened)
        }
    }

    private mutating func summary(of element: XMLTreeElement) -> String? {
        if element.namespace == SCXMLNamespaces.fsmviz, element.name == "effect" {
            return element.text
        }
        // Other namespaces are extensions (editor metadata, vendor actions): ignored quietly,
        // as the SCXML importer ignores them everywhere.
        guard element.namespace == SCXMLNamespaces.scxml || element.namespace.isEmpty else { return nil }
        let attributes = element.attributes
        switch element.name {
        case "raise":
            return "raise \(attributes["event"] ?? "?")"
        case "send":
            var text = "send " + (attributes["event"] ?? attributes["eventexpr"].map { "(\($0))" } ?? "?")
            if let target = attributes["target"] ?? attributes["targetexpr"].map({ "(\($0))" }) { text += " to \(target)" }
            if let delay = attributes["delay"] ?? attributes["delayexpr"].map({ "(\($0))" }) { text += " after \(delay)" }
            // The payload is summarised by its parameter names, or as content.
            var payload = element.children.filter { $0.name == "param" }.compactMap { $0.attributes["name"] }
            if let names = attributes["namelist"] { payload += SCXMLList.items(names) }
            if element.children.contains(where: { $0.name == "content" }) { payload.append("content") }
            if !payload.isEmpty { text += " with \(payload.joined(separator: ", "))" }
            return text
        case "assign":
            let value = attributes["expr"] ?? Self.trimmed(element.text)
            return "\(attributes["location"] ?? attributes["name"] ?? "?") = \(value.isEmpty ? "…" : value)"
        case "log":
            let parts = [attributes["label"], attributes["expr"]].compactMap { $0 }
            return (["log"] + (parts.isEmpty ? [] : [parts.joined(separator: ": ")])).joined(separator: " ")
        case "script":
            return "script" + (attributes["src"].map { " \($0)" } ?? "")
        case "cancel":
            return "cancel \(attributes["sendid"] ?? attributes["sendidexpr"].map { "(\($0))" } ?? "?")"
        case "if":
            // An empty branch says so: a condition followed by a colon and nothing reads as
            // text cut off.
            func body(_ branch: [String]) -> String { branch.isEmpty ? " nothing" : " " + branch.joined(separator: "; ") }
            var text = "if \(attributes["cond"] ?? "?"):"
            var branch: [String] = []
            for child in element.children {
                if child.name == "elseif" || child.name == "else" {
                    text += body(branch)
                    branch = []
                    text += child.name == "else" ? "; else:" : "; elseif \(child.attributes["cond"] ?? "?"):"
                } else if let line = summary(of: child) {
                    branch.append(line)
                }
            }
            return text + body(branch)
        case "foreach":
            let body = element.children.compactMap { summary(of: $0) }.joined(separator: "; ")
            return "foreach \(attributes["item"] ?? "?") in \(attributes["array"] ?? "?"): \(body)"
        default:
            warnings.append((element.location, "<\(element.name)> is not executable content; ignored"))
            return nil
        }
    }

    private static func trimmed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func shortened(_ text: String) -> String {
        let flat = text.contains(where: \.isNewline) ? trimmed(text) : text
        guard flat.count > maximumLength else { return flat }
        return String(flat.prefix(maximumLength - 1)) + "…"
    }
}
