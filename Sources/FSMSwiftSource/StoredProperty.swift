import FSMCore
import SwiftSyntax

/// A `var` or `let` declared in a type (or at the top level), with what syntax tells of its type
/// and first value: where machines keep their state, and so where their initial state is written.
struct StoredProperty {
    /// The qualified name of the type that declares it, empty at the top level.
    let scope: String
    let name: String
    /// The annotated type, or the type of a `Type.case` initializer.
    let type: String?
    /// The initial value, when one is written.
    let initializer: ExprSyntax?
    let location: SourceLocation
    /// Whether it is a local variable of a function (`var section = BlockSection.pseudoHeaders`):
    /// where a machine that is a value starts, but no property of its type.
    var isLocal = false

    /// Every property the files declare, and the local variables of their functions, in file order.
    static func all(in files: [SwiftSourceFile]) -> [StoredProperty] {
        files.flatMap { file in
            let collector = Collector(file: file)
            collector.walk(file.tree)
            return collector.properties
        }
    }

    private final class Collector: SyntaxVisitor {
        let file: SwiftSourceFile
        var properties: [StoredProperty] = []

        init(file: SwiftSourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        private var functionDepth = 0

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let scope = SyntaxScope.typeName(around: node)
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let initializer = binding.initializer?.value
                var type = binding.typeAnnotation?.type.trimmedText.strippingOptional
                if type == nil, let member = initializer?.as(MemberAccessExprSyntax.self), let base = member.base,
                    base.isTypeReference
                {
                    type = base.trimmedText
                }
                properties.append(
                    StoredProperty(
                        scope: scope, name: name, type: type, initializer: initializer, location: file.location(of: binding),
                        isLocal: functionDepth > 0))
            }
            return .skipChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            functionDepth += 1
            return .visitChildren
        }
        override func visitPost(_ node: FunctionDeclSyntax) { functionDepth -= 1 }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
