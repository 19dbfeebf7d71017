internal import FSMCore

/// Byte offsets and positions in a file's text, for pointing at XML elements where their start
/// tags begin (libxml2 tells only where its parser is).
struct SourceText: Sendable {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// What a tag opens or closes.
    enum TagKind {
        /// `<name ...>`.
        case start
        /// `<name .../>`.
        case empty
        /// `</name>`.
        case end
    }

    /// The next tag at or after `offset`, skipping comments, CDATA sections, processing
    /// instructions and declarations: its kind, the offset of its `<` and the offset after it.
    ///
    /// In a well-formed document no `<` stands in text or in an attribute value, so the
    /// elements libxml2 reports, in document order, begin at successive start tags.
    func nextTag(from offset: Int) -> (kind: TagKind, start: Int, end: Int)? {
        var index = offset
        func skip(past terminator: String) {
            let terminator = Array(terminator.utf8)
            while index < bytes.count, !bytes[index...].starts(with: terminator) { index += 1 }
            index += terminator.count
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let start = index
            let rest = bytes[index...]
            if rest.starts(with: Array("<!--".utf8)) {
                skip(past: "-->")
            } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                skip(past: "]]>")
            } else if rest.starts(with: Array("<?".utf8)) {
                skip(past: "?>")
            } else if rest.starts(with: Array("<!".utf8)) {
                skip(past: ">")
            } else if rest.starts(with: Array("</".utf8)) {
                skip(past: ">")
                return (.end, start, min(index, bytes.count))
            } else {
                // Attribute values may hold `>` and `/`, so quotes are followed to the tag's end.
                var quote: UInt8?
                index += 1
                while index < bytes.count {
                    let byte = bytes[index]
                    if let open = quote {
                        if byte == open { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    index += 1
                }
                let isEmpty = index < bytes.count && bytes[index - 1] == UInt8(ascii: "/")
                return (isEmpty ? .empty : .start, start, min(index + 1, bytes.count))
            }
        }
        return nil
    }

    /// Where the elements' start tags (and empty-element tags) begin, in document order, or
    /// the first element nested more than `limit` deep, found without parsing: a limit
    /// checked before libxml2, whose own (256) would otherwise stop it first, with a less
    /// helpful message.
    func elementStarts(nestedAtMost limit: Int) -> Result<[Int], TooDeep> {
        var starts: [Int] = []
        var depth = 0
        var next = 0
        while let tag = nextTag(from: next) {
            switch tag.kind {
            case .start, .empty:
                if depth >= limit { return .failure(TooDeep(offset: tag.start)) }
                if tag.kind == .start { depth += 1 }
                starts.append(tag.start)
            case .end:
                depth = max(depth - 1, 0)
            }
            next = tag.end
        }
        return .success(starts)
    }

    /// The offset of an element nested deeper than allowed.
    struct TooDeep: Error {
        var offset: Int
    }

    /// The line and column (in Unicode scalars) of byte `offset`.
    func location(ofByte offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = bytes[lineStarts[low]..<min(offset, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        return SourceLocation(line: low + 1, column: column)
    }
}
