/// Spells a machine file value as indented JSON with RFC 8259 string escaping.
public enum JSONText {
    static func render(_ value: MachineFileWriter.Value, indent: String = "") -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .number(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            // Short lists of plain values read best on one line, as people write them.
            let inline = elements.map { render($0) }
            if elements.allSatisfy(isScalar), inline.joined(separator: ", ").count <= 80 {
                return "[" + inline.joined(separator: ", ") + "]"
            }
            let inner = indent + "  "
            return "[\n" + elements.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields):
            guard !fields.isEmpty else { return "{}" }
            // Small objects (most states and transitions) read best on one line.
            if fields.allSatisfy({ isScalar($0.1) || isShortList($0.1) }) {
                let inline = "{" + fields.map { quoted($0.0) + ": " + render($0.1) }.joined(separator: ", ") + "}"
                if inline.count + indent.count <= 100 { return inline }
            }
            let inner = indent + "  "
            let lines = fields.map { inner + quoted($0.0) + ": " + render($0.1, indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    private static func isShortList(_ value: MachineFileWriter.Value) -> Bool {
        guard case .array(let elements) = value else { return false }
        return elements.count <= 4 && elements.allSatisfy(isScalar)
    }

    private static func isScalar(_ value: MachineFileWriter.Value) -> Bool {
        switch value {
        case .string, .number, .bool: true
        case .array, .object: false
        }
    }

    /// `text` as a JSON string literal: quote, backslash and control characters escaped,
    /// everything else (non-ASCII included) kept readable.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
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
