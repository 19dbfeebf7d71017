import FSMCore
import SwiftParser
import SwiftSyntax

/// One parsed Swift file: its path as the user gave it, its syntax tree, and the table that turns
/// a node's offset into the line and column a compiler would print.
struct SwiftSourceFile {
    let path: String
    let tree: SourceFileSyntax
    /// The UTF-8 offset at which each line starts. Read from the bytes rather than through
    /// swift-syntax's `SourceLocationConverter`, which walks every token of the tree for the same
    /// table, a tenth of reading a big module.
    private let lineStarts: [Int]

    /// Parses `bytes` (already checked to be UTF-8 within the size limit) as Swift.
    init(path: String, text: String) {
        self.path = path
        tree = Parser.parse(source: text)
        lineStarts = Self.lineStarts(of: text)
    }

    /// Where `node` starts, past its leading trivia (comments and attributes' whitespace): its
    /// line, and its column counted in UTF-8 bytes, as the compiler counts them.
    func location(of node: some SyntaxProtocol) -> FSMCore.SourceLocation {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        // The last line starting at or before `offset`.
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return FSMCore.SourceLocation(file: path, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// Line starts after `\n`, `\r\n` and a lone `\r`, the line breaks Swift knows.
    private static func lineStarts(of text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            var starts = [0]
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

    /// The first syntax error's position: a file that does not parse is reported, not guessed at.
    var firstSyntaxError: FSMCore.SourceLocation? {
        guard tree.hasError else { return nil }
        for token in tree.tokens(viewMode: .all) {
            let unexpected =
                token.parent?.is(UnexpectedNodesSyntax.self) == true
                || token.parent?.parent?.is(UnexpectedNodesSyntax.self) == true
            if token.presence == .missing || unexpected { return location(of: token) }
        }
        return location(of: tree)
    }
}
