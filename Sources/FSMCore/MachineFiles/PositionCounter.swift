/// Lines and columns (in Unicode scalars, as editors count them) of a reader moving forward
/// through UTF-8 bytes: JSON's white space is skipped here, so line ends are counted in one
/// place, and a column costs nothing on a line that has been ASCII so far.
struct PositionCounter {
    private(set) var line = 1
    private var lineStart: Int
    private var lineIsASCII = true
    // Off the ASCII path, the column of `countedOffset`, so long lines are counted incrementally.
    private var countedOffset: Int
    private var countedColumn = 1

    /// A counter whose first line starts at `start` (past a byte-order mark, for one).
    init(start: Int) {
        lineStart = start
        countedOffset = start
    }

    /// Tells the counter that the current line holds a byte above 0x7F before the positions it
    /// will be asked for, so columns must be counted by scalars.
    mutating func sawNonASCII() { lineIsASCII = false }

    /// Moves `offset` past JSON white space, counting line ends.
    mutating func skipWhitespace(in bytes: some RandomAccessCollection<UInt8>, from offset: inout Int) {
        let end = bytes.count
        while offset < end {
            switch bytes[bytes.index(bytes.startIndex, offsetBy: offset)] {
            case 0x20, 0x09, 0x0D:
                offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
                lineIsASCII = true
            default:
                return
            }
        }
    }

    /// The line and column of the byte at `offset`, which must not be before the last one asked.
    mutating func location(of offset: Int, in bytes: some RandomAccessCollection<UInt8>) -> SourceLocation {
        if lineIsASCII { return SourceLocation(line: line, column: offset - lineStart + 1) }
        if countedOffset < lineStart || countedOffset > offset {
            countedOffset = lineStart
            countedColumn = 1
        }
        while countedOffset < offset {
            // Continuation bytes (10xxxxxx) do not start a new Unicode scalar.
            if bytes[bytes.index(bytes.startIndex, offsetBy: countedOffset)] & 0xC0 != 0x80 { countedColumn += 1 }
            countedOffset += 1
        }
        return SourceLocation(line: line, column: countedColumn)
    }
}
