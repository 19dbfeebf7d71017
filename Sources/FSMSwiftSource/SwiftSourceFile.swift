import FSMCore
import SwiftParser
import SwiftSyntax

/// One parsed Swift file: its path as the user gave it, its syntax tree, and the table that turns
/// a node's offset into the line and column a compiler would print.
struct SwiftSourceFile {
    let path: String
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter

    /// Parses `bytes` (already checked to be UTF-8 within the size limit) as Swift.
    init(path: String, text: String) {
        self.path = path
        tree = Parser.parse(source: text)
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// Where `node` starts, past its leading trivia (comments and attributes' whitespace).
    func location(of node: some SyntaxProtocol) -> FSMCore.SourceLocation {
        let position = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return FSMCore.SourceLocation(file: path, line: position.line, column: position.column)
    }

    /// The first syntax error's position: a file that does not parse is reported, not guessed at.
    var firstSyntaxError: FSMCore.SourceLocation? {
        guard tree.hasError else { return nil }
        for token in tree.tokens(viewMode: .all) {
            let unexpected = token.parent?.is(UnexpectedNodesSyntax.self) == true
                || token.parent?.parent?.is(UnexpectedNodesSyntax.self) == true
            if token.presence == .missing || unexpected { return location(of: token) }
        }
        return location(of: tree)
    }
}
