/// A JSON document, and the one place fsmviz spells JSON: machine files, lint and diff
/// reports, SARIF, the rule catalog and the HTML viewer's data.
///
/// Written by hand rather than with Foundation's encoders, whose spacing and escaping of `/`
/// differ between macOS and Linux, so that the same document is the same bytes everywhere.
/// An object keeps its members in the order given; a dictionary literal sorts them by key,
/// so reports built from dictionaries do not depend on hashing.
package enum JSONValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    case object([Member])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    /// One member of an object.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var value: JSONValue

        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// How a document is laid out in text.
    package enum Layout: Sendable {
        /// Every member and element on a line of its own, two spaces per level: reports, which
        /// people diff line by line.
        case expanded
        /// As people write machine files: short lists of plain values and small objects on one
        /// line, the rest expanded.
        case readable
        /// No whitespace at all.
        case compact
        /// Compact, for a `<script type="application/json">` element: every `<`, `>` and `&`
        /// is written as `\u003c`, `\u003e`, `\u0026`, so no text can close the element
        /// (`</script>`) or open a comment (`<!--`), and U+FEFF as `\ufeff`, since some JSON
        /// readers (Foundation's among them) drop it, invisible, from the start of a string.
        case script

        var isCompact: Bool { self == .compact || self == .script }
    }

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .sorted(Dictionary(elements) { _, last in last })
    }
    package init(nilLiteral: ()) { self = .null }

    /// An object of `members` sorted by key.
    package static func sorted(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.sorted { $0.key < $1.key }.map { Member($0.key, $0.value) })
    }

    /// An object of `members` in the order given.
    package static func ordered(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { Member($0.0, $0.1) })
    }

    /// `value` as a string, or null.
    package static func nullable(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// `value` as a number, or null.
    package static func nullable(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// The document as text laid out as `layout`, without a final newline.
    package func text(_ layout: Layout) -> String {
        var output = ""
        write(to: &output, layout: layout, indent: "")
        return output
    }

    private func write(to output: inout String, layout: Layout, indent: String) {
        switch self {
        case .object(let members):
            writeObject(members, to: &output, layout: layout, indent: indent)
        case .array(let elements):
            writeArray(elements, to: &output, layout: layout, indent: indent)
        case .string(let text): output += Self.quoted(text, inScript: layout == .script)
        case .int(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

    private func writeObject(_ members: [Member], to output: inout String, layout: Layout, indent: String) {
        guard !members.isEmpty else {
            output += "{}"
            return
        }
        // Small objects (most states and transitions) read best on one line.
        if layout.isCompact
            || (layout == .readable && members.allSatisfy({ $0.value.isScalar || $0.value.isShortList }))
        {
            let separator = layout.isCompact ? ":" : ": "
            let inline =
                "{"
                + members.map { Self.quoted($0.key, inScript: layout == .script) + separator + $0.value.text(layout) }
                .joined(separator: layout.isCompact ? "," : ", ") + "}"
            if layout.isCompact || inline.count + indent.count <= 100 {
                output += inline
                return
            }
        }
        let inner = indent + "  "
        output += "{\n"
        for (offset, member) in members.enumerated() {
            if offset > 0 { output += ",\n" }
            output += inner + Self.quoted(member.key) + ": "
            member.value.write(to: &output, layout: layout, indent: inner)
        }
        output += "\n" + indent + "}"
    }

    private func writeArray(_ elements: [JSONValue], to output: inout String, layout: Layout, indent: String) {
        guard !elements.isEmpty else {
            output += "[]"
            return
        }
        // Short lists of plain values read best on one line, as people write them.
        if layout.isCompact || (layout == .readable && elements.allSatisfy(\.isScalar)) {
            let inline = elements.map { $0.text(layout) }.joined(separator: layout.isCompact ? "," : ", ")
            if layout.isCompact || inline.count <= 80 {
                output += "[" + inline + "]"
                return
            }
        }
        let inner = indent + "  "
        output += "[\n"
        for (offset, element) in elements.enumerated() {
            if offset > 0 { output += ",\n" }
            output += inner
            element.write(to: &output, layout: layout, indent: inner)
        }
        output += "\n" + indent + "]"
    }

    private var isScalar: Bool {
        switch self {
        case .string, .int, .bool, .null: true
        case .array, .object: false
        }
    }

    private var isShortList: Bool {
        guard case .array(let elements) = self else { return false }
        return elements.count <= 4 && elements.allSatisfy(\.isScalar)
    }

    /// `text` as a JSON string literal: quote, backslash and control characters escaped,
    /// everything else (non-ASCII included) kept readable; `inScript`, what ``Layout/script``
    /// escapes besides.
    package static func quoted(_ text: String, inScript: Bool = false) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<" where inScript: result += "\\u003c"
            case ">" where inScript: result += "\\u003e"
            case "&" where inScript: result += "\\u0026"
            case "\u{FEFF}" where inScript: result += "\\ufeff"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
