import FSMCore

/// A JSON document, written with its object keys sorted and a fixed indentation, so that the
/// same report is always the same bytes on every platform (Foundation's encoders differ
/// between macOS and Linux in spacing and in escaping `/`).
enum JSONValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }
    init(nilLiteral: ()) { self = .null }

    /// `value` as a string, or null.
    static func nullable(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// `value` as a number, or null.
    static func nullable(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// The document, indented by two spaces per level, ending with a newline.
    var serialized: String {
        var output = ""
        write(to: &output, indent: "")
        return output + "\n"
    }

    private func write(to output: inout String, indent: String) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            let inner = indent + "  "
            output += "{\n"
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { output += ",\n" }
                output += inner
                output += JSONText.quoted(key)
                output += ": "
                members[key]?.write(to: &output, indent: inner)
            }
            output += "\n" + indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            let inner = indent + "  "
            output += "[\n"
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += ",\n" }
                output += inner
                element.write(to: &output, indent: inner)
            }
            output += "\n" + indent + "]"
        case .string(let text):
            output += JSONText.quoted(text)
        case .int(let number):
            output += String(number)
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }
}
