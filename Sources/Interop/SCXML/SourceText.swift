internal import FSMCore

/// Byte offsets and positions in a file's text, for pointing at XML elements.
///
/// libxml2 reports where a start tag *ends*; the element is best pointed at where it begins,
/// which is the last `<` before that point (a start tag cannot contain one).
struct SourceText: Sendable {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The position of the `<` that starts the tag libxml2 reported at `line`:`column`.
    func startOfTag(endingAt line: Int, column: Int) -> SourceLocation {
        guard line >= 1, line <= lineStarts.count else { return SourceLocation(line: max(line, 1), column: max(column, 1)) }
        // Columns count characters; step over UTF-8 continuation bytes to find the offset.
        var offset = lineStarts[line - 1]
        var remaining = column - 1
        while remaining > 0, offset < bytes.count, bytes[offset] != 0x0A {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        offset = min(offset, bytes.count - 1)
        while offset > 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
        return location(ofByte: offset)
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
