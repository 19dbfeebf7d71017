import SwiftSyntax

/// The nodes the library-style recognizers start from (calls, class and function declarations,
/// enums, array and dictionary literals), gathered in one walk of each file, in file order:
/// each recognizer walking every file again would cost a walk of the module apiece.
struct SyntaxInventory {
    /// A node and the file it is in.
    struct Found<Node: SyntaxProtocol> {
        let node: Node
        let file: SwiftSourceFile
    }

    private(set) var calls: [Found<FunctionCallExprSyntax>] = []
    private(set) var classes: [Found<ClassDeclSyntax>] = []
    private(set) var functions: [Found<FunctionDeclSyntax>] = []
    private(set) var enums: [Found<EnumDeclSyntax>] = []
    private(set) var arrays: [Found<ArrayExprSyntax>] = []
    private(set) var dictionaries: [Found<DictionaryExprSyntax>] = []

    init(files: [SwiftSourceFile]) {
        for file in files {
            // An explicit stack, as `descendants(of:)` walks: deep nesting must not exhaust the stack.
            var stack: [Syntax] = [Syntax(file.tree)]
            while let node = stack.popLast() {
                switch node.kind {
                case .functionCallExpr: node.as(FunctionCallExprSyntax.self).map { calls.append(Found(node: $0, file: file)) }
                case .classDecl: node.as(ClassDeclSyntax.self).map { classes.append(Found(node: $0, file: file)) }
                case .functionDecl: node.as(FunctionDeclSyntax.self).map { functions.append(Found(node: $0, file: file)) }
                case .enumDecl: node.as(EnumDeclSyntax.self).map { enums.append(Found(node: $0, file: file)) }
                case .arrayExpr: node.as(ArrayExprSyntax.self).map { arrays.append(Found(node: $0, file: file)) }
                case .dictionaryExpr: node.as(DictionaryExprSyntax.self).map { dictionaries.append(Found(node: $0, file: file)) }
                default: break
                }
                stack += node.children(viewMode: .sourceAccurate).reversed()
            }
        }
    }
}
