/// The values of a JSON machine file for ``MachineFileScanner``, read straight from its bytes.
///
/// Strings with escapes or control characters are left to ``JSONDocumentParser`` (which
/// applies the escapes or explains the mistake), as is every other departure from JSON's
/// grammar. Names are spans of the file's own bytes.
struct JSONMachineTokens: MachineFileTokens {
    private typealias Span = NameTable.Span

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var position = PositionCounter(start: 0)

    /// Tokens of the JSON in `bytes`, which must outlive them.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            position = PositionCounter(start: 3)
        }
        skipWhitespace()
    }

    var nameBytes: UnsafeBufferPointer<UInt8> { bytes }

    var isAtText: Bool { peek == UInt8(ascii: "\"") }

    mutating func location() -> SourceLocation {
        position.location(of: offset, in: bytes)
    }

    mutating func skipNull() -> Bool {
        consume("null")
    }

    mutating func beginMapping() throws(ScanRefusal) {
        guard consume("{") else { throw ScanRefusal() }
    }

    mutating func nextKey(among keys: [[UInt8]], first: Bool) throws(ScanRefusal) -> Int? {
        skipWhitespace()
        if first {
            if consume("}") { return nil }
        } else if !consume(",") {
            guard consume("}") else { throw ScanRefusal() }
            return nil
        }
        skipWhitespace()
        let (key, _) = try stringSpan()
        skipWhitespace()
        guard consume(":"), let index = keys.firstIndex(where: { matches(key, $0) }) else { throw ScanRefusal() }
        skipWhitespace()
        return index
    }

    mutating func beginSequence() throws(ScanRefusal) {
        guard consume("[") else { throw ScanRefusal() }
    }

    mutating func nextElement(first: Bool) throws(ScanRefusal) -> Bool {
        skipWhitespace()
        if first { return !consume("]") }
        if consume(",") {
            skipWhitespace()
            return true
        }
        guard consume("]") else { throw ScanRefusal() }
        return false
    }

    /// An ASCII name: names are compared byte for byte, which only matches how Swift compares
    /// strings (by canonical equivalence) when they are ASCII.
    mutating func name() throws(ScanRefusal) -> NameTable.Span {
        let (span, isASCII) = try stringSpan()
        guard isASCII, span.count > 0 else { throw ScanRefusal() }
        return span
    }

    /// Names stay where the file has them.
    func keepName(_ span: NameTable.Span) {}

    mutating func text() throws(ScanRefusal) -> String {
        let (span, isASCII) = try stringSpan()
        let stored = UnsafeBufferPointer(rebasing: bytes[span.start..<span.start + span.count])
        if isASCII {
            return String(unsafeUninitializedCapacity: span.count) { buffer in
                _ = buffer.initialize(fromContentsOf: stored)
                return span.count
            }
        }
        guard let text = String(validating: stored, as: UTF8.self) else { throw ScanRefusal() }
        return text
    }

    mutating func bool() throws(ScanRefusal) -> Bool {
        if consume("true") { return true }
        if consume("false") || consume("null") { return false }
        throw ScanRefusal()
    }

    /// Digits with an optional minus sign, as the decoder reads `Int` from a number's text;
    /// a fraction or an exponent stops the scanner at the next value.
    mutating func integer() throws(ScanRefusal) -> Int {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        // JSON allows no leading zero (`01`), which `Int` would read.
        guard !text.hasPrefix("0") || text == "0", let value = Int(text) else { throw ScanRefusal() }
        return value
    }

    mutating func finish() throws(ScanRefusal) {
        skipWhitespace()
        guard offset == bytes.count else { throw ScanRefusal() }
    }

    // MARK: Bytes

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Consumes `literal` if the input continues with it.
    private mutating func consume(_ literal: StaticString) -> Bool {
        let span = Span(start: offset, count: literal.utf8CodeUnitCount)
        guard offset + span.count <= bytes.count, matches(span, literal) else { return false }
        offset += span.count
        return true
    }

    private func matches(_ span: Span, _ expected: [UInt8]) -> Bool {
        span.count == expected.count
            && expected.withUnsafeBufferPointer { expected in
                bytesEqual(bytes.baseAddress! + span.start, expected.baseAddress!, span.count)
            }
    }

    private func matches(_ span: Span, _ literal: StaticString) -> Bool {
        span.count == literal.utf8CodeUnitCount
            && literal.withUTF8Buffer { expected in
                bytesEqual(bytes.baseAddress! + span.start, expected.baseAddress!, span.count)
            }
    }

    /// A string's contents, without escapes, and whether they are all ASCII.
    private mutating func stringSpan() throws(ScanRefusal) -> (Span, isASCII: Bool) {
        guard consume("\"") else { throw ScanRefusal() }
        let start = offset
        var high: UInt8 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                if high >= 0x80 { position.sawNonASCII() }
                return (Span(start: start, count: offset - 1 - start), high < 0x80)
            }
            // Escapes are left to the full parser, as are control characters (its errors).
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { throw ScanRefusal() }
            high |= byte
            offset += 1
        }
        throw ScanRefusal()
    }

    private mutating func skipWhitespace() {
        position.skipWhitespace(in: bytes, from: &offset)
    }
}
