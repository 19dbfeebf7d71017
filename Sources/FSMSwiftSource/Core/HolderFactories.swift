import SwiftSyntax

/// The static members a machine's type makes itself with in one state (`private static var
/// closed: Self { StateMachine(.closed) }`, `static func active(_ s: ActiveState) -> Self {
/// .init(.active(s)) }`), so that a method that replaces the whole value (`self = .closed`, as
/// valkey-swift's noncopyable machines do) is read as a change of the state it makes.
struct HolderFactories {
    /// The type's own name, as its initializer is called (`StateMachine(.closed)`).
    let typeName: String
    /// The name of the property that holds the state, as an initializer's argument may label it.
    let property: String
    /// The state each factory makes, by the factory's name.
    private(set) var made: [String: ExprSyntax] = [:]

    /// The factories that `scope`'s static members are, of the property `property`.
    init(scope: String, property: String, in module: SwiftModule) {
        typeName = String(scope.split(separator: ".").last ?? Substring(scope))
        self.property = property
        for function in module.inventory.functions where function.scope == scope && function.node.isStatic {
            if let value = function.node.body?.statements.onlyValue.flatMap(state(madeBy:)) {
                made[function.node.name.text] = value
            }
        }
        for member in module.properties where member.scope == scope && member.isStatic {
            if let value = (member.getter?.onlyValue ?? member.initializer).flatMap(state(madeBy:)) { made[member.name] = value }
        }
    }

    /// The state the value `expression` makes the type in: a factory's (`.closed`,
    /// `.active(state)`, `Self.closed`), or the argument its initializer is given (`Self(.closed)`,
    /// `.init(state: .closed)`); `nil` when it is neither.
    func state(madeBy expression: ExprSyntax) -> ExprSyntax? {
        if let member = (expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression).as(MemberAccessExprSyntax.self),
            member.base == nil || ["Self", typeName].contains(member.base?.trimmedText), let value = made[member.declName.baseName.text]
        {
            return value
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), makesType(call.calledExpression) else { return nil }
        let arguments = Array(call.arguments)
        let argument = arguments.count == 1 && arguments[0].label == nil ? arguments[0] : arguments.first { $0.label?.text == property }
        return argument?.expression
    }

    /// Whether `callee` is the type's initializer: `Self`, `.init`, `Self.init`, its name.
    private func makesType(_ callee: ExprSyntax) -> Bool {
        let text = callee.trimmedText
        let base = text.hasSuffix(".init") ? String(text.dropLast(5)) : text
        let name = Construction.parts(of: base).name
        return base.isEmpty || name == "Self" || name == typeName
    }
}

extension CodeBlockItemListSyntax {
    /// The one expression a body gives: its only item, or what its only `return` returns.
    var onlyValue: ExprSyntax? {
        guard count == 1, let item = first?.item else { return nil }
        if case .expr(let value) = item { return value }
        if case .stmt(let statement) = item { return statement.as(ReturnStmtSyntax.self)?.expression }
        return nil
    }
}
