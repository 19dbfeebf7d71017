import SwiftSyntax

/// How deep a parsed file's syntax tree goes, measured without recursion.
///
/// The reader walks the tree recursively, as swift-syntax's own visitors do, so a tree deeper
/// than any hand-written code (a chain of thousands of `else if`s, a call chain of a hundred
/// thousand links) would overflow the stack. Such a file is refused where it gets too deep.
enum SyntaxDepth {
    /// The deepest nesting read: hand-written code stays under a hundred levels, and the
    /// reader's recursion stays well inside a thread's stack at this one, even in a debug build.
    static let limit = 800

    /// The first node, in source order, nested more than ``limit`` levels below `root`.
    static func firstTooDeep(in root: some SyntaxProtocol) -> Syntax? {
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(root), 0)]
        while let (node, depth) = pending.popLast() {
            if depth > limit { return node }
            // Last child first, so that the first child is taken next: source order.
            for child in node.children(viewMode: .sourceAccurate).reversed() { pending.append((child, depth + 1)) }
        }
        return nil
    }
}
