import FSMCore
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One parsed Swift file: its path as the user gave it, its syntax tree, and the table that turns
/// a node's offset into its line and column.
struct SwiftSourceFile {
    let path: String
    let tree: SourceFileSyntax
    /// The UTF-8 offset at which each line starts. Read from the bytes rather than through
    /// swift-syntax's `SourceLocationConverter`, which walks every token of the tree for the same
    /// table, a tenth of reading a big module.
    private let lineStarts: [Int]
    /// The text, whose bytes before a position on a line beyond ASCII say its column.
    private let text: String

    /// Parses `bytes` (already checked to be UTF-8 within the size limit) as Swift.
    init(path: String, text: String) {
        self.path = path
        self.text = text
        tree = Parser.parse(source: text)
        lineStarts = Self.lineStarts(of: text)
    }

    /// Where `node` starts, past its leading trivia (comments and attributes' whitespace): its
    /// line, and its column counted in Unicode scalars, as every other format's positions are
    /// (and as SARIF's `columnKind` says), not in swift-syntax's UTF-8 bytes.
    func location(of node: some SyntaxProtocol) -> FSMCore.SourceLocation {
        location(at: node.positionAfterSkippingLeadingTrivia)
    }

    /// The line and column of `position`, counted as ``location(of:)`` counts them.
    func location(at position: AbsolutePosition) -> FSMCore.SourceLocation {
        let offset = position.utf8Offset
        // The last line starting at or before `offset`.
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        let bytes = text.utf8
        let end = bytes.index(bytes.startIndex, offsetBy: min(offset, bytes.count))
        let lineStart = min(bytes.index(bytes.startIndex, offsetBy: lineStarts[low]), end)
        let column = bytes[lineStart..<end].unicodeScalarCount + 1
        return FSMCore.SourceLocation(file: path, line: low + 1, column: column)
    }

    /// Line starts after `\n`, `\r\n` and a lone `\r`, the line breaks Swift knows; the first
    /// past a byte-order mark, which no editor counts as a column (nor do the other formats).
    private static func lineStarts(of text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
            for offset in bytes.indices {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\n") {
                    if offset > 0, bytes[offset - 1] == UInt8(ascii: "\r") {
                        starts[starts.count - 1] = offset + 1
                    } else {
                        starts.append(offset + 1)
                    }
                } else if byte == UInt8(ascii: "\r") {
                    starts.append(offset + 1)
                }
            }
            return starts
        }
    }

    /// The first syntax error, at its position and in swift-syntax's words ("expected ':' after
    /// 'case'"): a file that does not parse is reported, not guessed at.
    var firstSyntaxError: (location: FSMCore.SourceLocation, message: String?)? {
        guard tree.hasError else { return nil }
        // The parser's diagnostics say what is wrong, first in the file first.
        let errors = ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error }
        if let first = errors.min(by: { $0.position < $1.position }) {
            return (location(at: first.position), first.message)
        }
        for token in tree.tokens(viewMode: .all) {
            let unexpected =
                token.parent?.is(UnexpectedNodesSyntax.self) == true
                || token.parent?.parent?.is(UnexpectedNodesSyntax.self) == true
            if token.presence == .missing || unexpected { return (location(of: token), nil) }
        }
        return (location(of: tree), nil)
    }
}

extension Collection<UInt8> {
    /// How many Unicode scalars these UTF-8 bytes hold: a column as the other formats count it.
    /// Continuation bytes (10xxxxxx) start none.
    var unicodeScalarCount: Int { count { $0 & 0xC0 != 0x80 } }
}
