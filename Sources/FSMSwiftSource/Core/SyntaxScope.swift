import SwiftSyntax

/// What syntax says about where a node sits: the types and function around it, and the declared
/// types of the names it can see, which is as far as fsmviz resolves types without a compiler.
enum SyntaxScope {
    /// The qualified name of the type declarations (and extensions) around `node`, outermost first.
    static func typeName(around node: some SyntaxProtocol) -> String {
        var names: [String] = []
        var current = node.parent
        while let parent = current {
            if let name = declaredTypeName(parent) { names.append(name) }
            current = parent.parent
        }
        return names.reversed().joined(separator: ".")
    }

    /// The name a type declaration or extension gives its members' scope.
    static func declaredTypeName(_ node: Syntax) -> String? {
        if let declaration = node.as(StructDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ClassDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(EnumDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ActorDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ExtensionDeclSyntax.self) { return declaration.extendedType.trimmedText }
        return nil
    }

    /// The function, initializer or accessor body `node` is in, stopping at closures, whose
    /// parameters syntax does not type.
    static func function(around node: some SyntaxProtocol) -> FunctionDeclSyntax? {
        var current = node.parent
        while let parent = current {
            if let function = parent.as(FunctionDeclSyntax.self) { return function }
            if parent.is(ClosureExprSyntax.self) || parent.is(InitializerDeclSyntax.self) { return nil }
            if declaredTypeName(parent) != nil { return nil }
            current = parent.parent
        }
        return nil
    }

    /// The declared type of `name` as seen from `node`: a parameter of the function around it,
    /// or a stored property of the type around it (annotated, or initialized as `Type.case`).
    static func declaredType(of name: String, at node: some SyntaxProtocol, properties: [String: [String: StoredProperty]]) -> String? {
        if let function = function(around: node) {
            for parameter in function.signature.parameterClause.parameters
            where (parameter.secondName ?? parameter.firstName).text == name {
                return parameter.type.trimmedText.strippingOptional
            }
        }
        let scope = typeName(around: node)
        guard !scope.isEmpty else { return nil }
        return properties[scope]?[name]?.type
    }

    /// What a name stands for where it is used: the default value of the parameter of that name
    /// of the function or initializer around it, or the value of a `let` of that name declared
    /// before it in the same body; anything else is itself.
    static func value(of expression: ExprSyntax) -> ExprSyntax {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return expression }
        var current = expression.parent
        while let node = current, declaredTypeName(node) == nil {
            if let items = node.as(CodeBlockItemListSyntax.self) {
                for item in items where item.endPosition <= expression.position {
                    guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.tokenKind == .keyword(.let) else { continue }
                    for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let value = binding.initializer?.value { return value }
                    }
                }
            }
            let parameters =
                node.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? node.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameters {
                let parameter = parameters.first { ($0.secondName ?? $0.firstName).text == name }
                return parameter?.defaultValue?.value ?? expression
            }
            current = node.parent
        }
        return expression
    }

    /// The return type of the function around `node`, without optionality, or its first tuple
    /// element's (`-> (State, Effect)`).
    static func returnType(around node: some SyntaxProtocol) -> String? {
        guard let type = function(around: node)?.signature.returnClause?.type else { return nil }
        if let tuple = type.as(TupleTypeSyntax.self), let first = tuple.elements.first {
            return first.type.trimmedText.strippingOptional
        }
        return type.trimmedText.strippingOptional
    }
}

extension String {
    /// The type without a trailing `?` or `!`.
    var strippingOptional: String {
        var text = self
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        return text
    }

    /// The type without its generic arguments (`ViewState<Element>` is `ViewState`,
    /// `Loadable<T>.State` is `Loadable.State`): an enum is declared, and so found, by its name alone.
    var strippingGenericArguments: String {
        var depth = 0
        var text = ""
        for character in self {
            if character == "<" {
                depth += 1
            } else if character == ">", depth > 0 {
                depth -= 1
            } else if depth == 0 {
                text.append(character)
            }
        }
        return text
    }
}
