/// A strict JSON (RFC 8259) parser that records the line and column of every value.
///
/// Foundation's parsers forget positions, and a machine file's errors must name them.
/// Nesting is bounded by ``maximumDepth`` so hostile input cannot exhaust the stack.
public struct JSONDocumentParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    /// How errors name the file.
    private let path: String
    private var offset = 0
    private var position = PositionCounter(start: 0)
    private var depth = 0

    /// Parses `bytes` as one JSON document; `path` names the file in errors.
    /// - Throws: ``MachineFileError`` naming the first offending position.
    public static func parse(_ bytes: [UInt8], path: String) throws(MachineFileError) -> DocumentNode {
        var parser = JSONDocumentParser(bytes: bytes, path: path)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
        // A UTF-8 byte-order mark is tolerated, as editors on some systems write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            position = PositionCounter(start: 3)
        }
    }

    private mutating func parseDocument() throws(MachineFileError) -> DocumentNode {
        skipWhitespace()
        guard offset < bytes.count else {
            throw failure("expected a JSON value, found end of file", at: location())
        }
        let root = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else {
            throw failure(
                "unexpected \(describeByte(at: offset)) after the JSON document", at: location())
        }
        return root
    }

    private mutating func location() -> SourceLocation {
        position.location(of: offset, in: bytes)
    }

    private mutating func skipWhitespace() {
        position.skipWhitespace(in: bytes, from: &offset)
    }

    private mutating func parseValue() throws(MachineFileError) -> DocumentNode {
        let start = location()
        guard offset < bytes.count else {
            throw failure("expected a JSON value, found end of file", at: start)
        }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            return DocumentNode(.object(try parseObject()), at: start)
        case UInt8(ascii: "["):
            return DocumentNode(.array(try parseArray()), at: start)
        case UInt8(ascii: "\""):
            return DocumentNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return DocumentNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return DocumentNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return DocumentNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return DocumentNode(.number(try parseNumber()), at: start)
        default:
            throw failure("expected a JSON value, found \(describeByte(at: offset))", at: start)
        }
    }

    private mutating func enterContainer() throws(MachineFileError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure(
                "arrays and objects nest deeper than \(Self.maximumDepth) levels", at: location())
        }
    }

    private mutating func parseObject() throws(MachineFileError) -> [DocumentNode.Member] {
        try enterContainer()
        offset += 1
        var members: [DocumentNode.Member] = []
        var keys = Set<String>()
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return members
        }
        while true {
            skipWhitespace()
            let keyLocation = location()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw failure(
                    "expected a quoted key, found \(describeByte(at: offset))", at: keyLocation)
            }
            let key = try parseString()
            // JavaScript keeps the last of two equal keys, Foundation and this tree's readers
            // the first: either way a reader would describe another machine than its author's
            // tools. Refused, as YAML refuses it. Most objects have a handful of keys, which a
            // linear scan checks faster than hashing; a large one (XState's states by name)
            // gets a set.
            let isRepeated: Bool
            if members.count < 16 {
                isRepeated = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                isRepeated = !keys.insert(key).inserted
            }
            if isRepeated, let first = members.first(where: { $0.key == key }) {
                throw failure(
                    "key '\(key)' appears twice in an object (first at \(first.keyLocation))", at: keyLocation)
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            let value = try parseValue()
            members.append(DocumentNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard offset < bytes.count else {
                throw failure("unterminated object: expected ',' or '}'", at: location())
            }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}' in the object")
            depth -= 1
            return members
        }
    }

    private mutating func parseArray() throws(MachineFileError) -> [DocumentNode] {
        try enterContainer()
        offset += 1
        var elements: [DocumentNode] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else {
                throw failure("unterminated array: expected ',' or ']'", at: location())
            }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']' in the array")
            depth -= 1
            return elements
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(MachineFileError) {
        guard offset < bytes.count, bytes[offset] == byte else {
            throw failure("expected \(what), found \(describeByte(at: offset))", at: location())
        }
        offset += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(MachineFileError) {
        let start = location()
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            offset + count <= bytes.count && bytes[offset..<offset + count].elementsEqual(expected)
        }
        guard matches else {
            throw failure("expected '\(literal)', found \(describeByte(at: offset))", at: start)
        }
        offset += count
    }

    private mutating func parseNumber() throws(MachineFileError) -> String {
        let start = offset
        let startLocation = location()
        func digits(_ parser: inout JSONDocumentParser) -> Int {
            let first = parser.offset
            while parser.offset < parser.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.offset])
            {
                parser.offset += 1
            }
            return parser.offset - first
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits(&self)
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0"))
        else {
            throw failure("malformed number", at: startLocation)
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else {
                throw failure("malformed number: expected digits after '.'", at: startLocation)
            }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard digits(&self) > 0 else {
                throw failure("malformed number: expected an exponent", at: startLocation)
            }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func parseString() throws(MachineFileError) -> String {
        let startLocation = location()
        offset += 1
        let contentStart = offset
        // Fast path: most identifiers are plain ASCII without escapes, so they are decoded in
        // one step, and without UTF-8 validation when no byte is above 0x7F.
        var ascii = true
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let slice = bytes[contentStart..<offset]
                let text =
                    ascii
                    ? String(unsafeUninitializedCapacity: slice.count) { buffer in
                        _ = buffer.initialize(fromContentsOf: slice)
                        return slice.count
                    }
                    : try decodeUTF8(slice, startingAt: startLocation)
                offset += 1
                return text
            }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                if !ascii { position.sawNonASCII() }
                throw failure(
                    "control character \(describeByte(at: offset)) in a string; escape it",
                    at: location())
            }
            offset += 1
        }
        var scalars = try decodeUTF8(bytes[contentStart..<offset], startingAt: startLocation)
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return scalars
            case UInt8(ascii: "\\"):
                scalars.unicodeScalars.append(try parseEscape())
            case 0..<0x20:
                throw failure(
                    "control character \(describeByte(at: offset)) in a string; escape it",
                    at: location())
            default:
                let runStart = offset
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""),
                    bytes[offset] != UInt8(ascii: "\\"), bytes[offset] >= 0x20
                {
                    offset += 1
                }
                scalars += try decodeUTF8(bytes[runStart..<offset], startingAt: startLocation)
            }
        }
        throw failure("unterminated string", at: startLocation)
    }

    private mutating func parseEscape() throws(MachineFileError) -> Unicode.Scalar {
        let escapeLocation = location()
        offset += 1
        guard offset < bytes.count else { throw failure("unterminated string", at: escapeLocation) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4(escapeLocation)
            if (0xD800..<0xDC00).contains(high) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw failure("unpaired UTF-16 surrogate in \\u escape", at: escapeLocation)
                }
                offset += 2
                let low = try parseHex4(escapeLocation)
                guard (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else {
                    throw failure("unpaired UTF-16 surrogate in \\u escape", at: escapeLocation)
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw failure("unpaired UTF-16 surrogate in \\u escape", at: escapeLocation)
            }
            return scalar
        default:
            throw failure("invalid escape '\\\(Unicode.Scalar(byte))' in a string", at: escapeLocation)
        }
    }

    private mutating func parseHex4(_ escapeLocation: SourceLocation) throws(MachineFileError) -> UInt32 {
        guard offset + 4 <= bytes.count else {
            throw failure("\\u must be followed by four hex digits", at: escapeLocation)
        }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("\\u must be followed by four hex digits", at: escapeLocation)
            }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }

    /// Decodes text that is not plain ASCII (or may not be), so positions later on its line
    /// count scalars.
    private mutating func decodeUTF8(
        _ slice: ArraySlice<UInt8>, startingAt start: SourceLocation
    ) throws(MachineFileError) -> String {
        position.sawNonASCII()
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw failure("string is not valid UTF-8", at: start)
        }
        return text
    }

    private func describeByte(at index: Int) -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if (0x21..<0x7F).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func failure(_ message: String, at location: SourceLocation?) -> MachineFileError {
        MachineFileError(path: path, location: location, message: message)
    }
}
