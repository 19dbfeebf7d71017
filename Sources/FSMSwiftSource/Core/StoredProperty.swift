import FSMCore
import SwiftSyntax

/// A `var` or `let` declared in a type (or at the top level), with what syntax tells of its type
/// and first value: where machines keep their state, and so where their initial state is written.
struct StoredProperty {
    /// The qualified name of the type that declares it, empty at the top level.
    let scope: String
    let name: String
    /// The annotated type, or the type of a `Type.case` or `Type(...)` initializer.
    let type: String?
    /// The initial value, when one is written.
    let initializer: ExprSyntax?
    let location: SourceLocation
    /// Whether it is a local variable of a function (`var section = BlockSection.pseudoHeaders`):
    /// where a machine that is a value starts, but no property of its type.
    var isLocal = false

    /// The properties `node` declares (one per binding with a plain name), inside `scope`.
    static func declared(
        by node: VariableDeclSyntax, scope: String, isLocal: Bool, in file: SwiftSourceFile
    ) -> [StoredProperty] {
        node.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
            let initializer = binding.initializer?.value
            var type = binding.typeAnnotation?.type.trimmedText.strippingOptional
            if type == nil, let member = initializer?.as(MemberAccessExprSyntax.self), let base = member.base, base.isTypeReference {
                type = base.trimmedText
            }
            // `var door = Door()`: a value made by the type's own initializer.
            if type == nil, let call = initializer?.as(FunctionCallExprSyntax.self), call.calledExpression.isTypeReference {
                type = call.calledExpression.trimmedText
            }
            return StoredProperty(
                scope: scope, name: name, type: type, initializer: initializer, location: file.location(of: binding), isLocal: isLocal)
        }
    }
}
