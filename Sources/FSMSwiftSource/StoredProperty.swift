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

    /// Every property the files declare outside functions, in file order.
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

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let scope = SyntaxScope.typeName(around: node)
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let initializer = binding.initializer?.value
                var type = binding.typeAnnotation?.type.trimmedDescription.strippingOptional
                if type == nil, let member = initializer?.as(MemberAccessExprSyntax.self), let base = member.base,
                    base.isTypeReference
                {
                    type = base.trimmedDescription
                }
                properties.append(
                    StoredProperty(
                        scope: scope, name: name, type: type, initializer: initializer, location: file.location(of: binding)))
            }
            return .skipChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
