import SwiftParser
import SwiftSyntax

/// What the builder-style recognizers ask of a call: its name, its generic arguments as written,
/// its labelled arguments and the closure it ends with, whatever way the call spells them.
extension FunctionCallExprSyntax {
    /// The called name without its base or generic arguments: `addRoute` for
    /// `machine.addRoute(...)`, `StateMachine` for `StateMachine<S, E>(...)`.
    var calledName: String? {
        var callee = calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// The base a method is called on, as written (`machine` for `machine.addRoute(...)`).
    var calledBase: ExprSyntax? { calledExpression.as(MemberAccessExprSyntax.self)?.base }

    /// The generic arguments written at the call (`StateMachine<S, E>(...)`), as text: swift-syntax
    /// releases model an argument differently, its text is the same in all of them.
    var genericArgumentNames: [String] {
        var callee = calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base { callee = base }
        guard let specialized = callee.as(GenericSpecializationExprSyntax.self) else { return [] }
        return specialized.genericArgumentClause.arguments.map(\.argument.trimmedText)
    }

    /// The argument labelled `label` (`nil` for the unlabelled ones, the first of those).
    func argument(_ label: String?) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// The closure the call ends with: its trailing closure, else a closure as its last argument.
    var finalClosure: ClosureExprSyntax? {
        trailingClosure ?? arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    /// The first closure it is given, among its arguments or trailing: the one a call such as
    /// `addRouteMapping(_:handler:)` takes first, before its handler.
    var firstClosure: ClosureExprSyntax? {
        arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first ?? trailingClosure
    }
}

extension ClosureExprSyntax {
    /// The names of the closure's parameters (`state, action in`, `(state: inout State, action) in`).
    var parameterNames: [String] {
        switch signature?.parameterClause {
        case .simpleInput(let list)?: return list.map(\.name.text)
        case .parameterClause(let clause)?: return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: return []
        }
    }
}

extension ExprSyntaxProtocol {
    /// The name the expression's value is stored in: `let machine = StateMachine(...)`, `lazy var
    /// machine = ...`, `self.machine = ...` (without `self.`); `nil` for any other use.
    var storedName: String? {
        var current = parent
        while let node = current, !node.is(CodeBlockItemSyntax.self), !node.is(MemberBlockItemSyntax.self) {
            if let binding = node.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if let sequence = node.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
                let target = elements[0].trimmedText
                return target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
            }
            current = node.parent
        }
        return nil
    }

    /// The name a machine built by this expression goes by: its variable qualified by the type around
    /// it (`Downloader.machine`), or `fallback` when its value is not stored.
    func machineName(orElse fallback: String) -> String {
        guard let variable = storedName else { return fallback }
        let owner = SyntaxScope.typeName(around: self)
        return owner.isEmpty ? variable : owner + "." + variable
    }
}

extension ExprSyntax {
    /// A string literal's text, when it has no interpolation (`Stated.input("logIn")`).
    var stringLiteralValue: String? { self.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
}

extension SyntaxProtocol {
    /// The node's text without the trivia before its first token and after its last, read from
    /// its tokens. swift-syntax's `trimmedDescription` makes a trimmed copy of the node, which
    /// copies every ancestor's layout up to the root: reading each case of a 50,000-case `switch`
    /// that way is quadratic (minutes with swift-syntax 600).
    var trimmedText: String {
        var text = ""
        var pendingTrivia: String?
        for token in tokens(viewMode: .sourceAccurate) {
            if let pendingTrivia { text += pendingTrivia + token.leadingTrivia.description }
            text += token.text
            pendingTrivia = token.trailingTrivia.description
        }
        return text
    }
}
