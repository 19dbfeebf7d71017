import SwiftSyntax

/// What one position of a `case` pattern matches: a named enum case, or anything.
enum CasePattern: Equatable {
    /// An enum case, by name (`.idle`, `.connected(let id)`, `State.idle`).
    case named(String)
    /// Anything: `_`, `let x`, `default`.
    case any
    /// A pattern syntax cannot turn into cases (a range, a value, a type cast).
    case other

    /// The case names of a pattern that may be a tuple: one entry per tuple element, or one for a
    /// single pattern.
    static func positions(of pattern: PatternSyntax) -> [CasePattern] {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            return positions(of: binding.pattern)
        }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            return tuple.elements.map { single(of: $0.pattern) }
        }
        if let expression = pattern.as(ExpressionPatternSyntax.self),
            let tuple = expression.expression.as(TupleExprSyntax.self), tuple.elements.count > 1
        {
            return tuple.elements.map { of($0.expression) }
        }
        return [single(of: pattern)]
    }

    /// The source text of each position of a tuple pattern, for conditions on the positions
    /// that are not the state; `nil` when the pattern is not a tuple.
    static func positionTexts(of pattern: PatternSyntax) -> [String]? {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return positionTexts(of: binding.pattern) }
        if let tuple = pattern.as(TuplePatternSyntax.self) { return tuple.elements.map(\.pattern.trimmedText) }
        if let expression = pattern.as(ExpressionPatternSyntax.self), let tuple = expression.expression.as(TupleExprSyntax.self) {
            return tuple.elements.map(\.expression.trimmedText)
        }
        return nil
    }

    /// One position's pattern.
    static func single(of pattern: PatternSyntax) -> CasePattern {
        if pattern.is(WildcardPatternSyntax.self) || pattern.is(IdentifierPatternSyntax.self) { return .any }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return single(of: binding.pattern) }
        if let expression = pattern.as(ExpressionPatternSyntax.self) { return of(expression.expression) }
        return .other
    }

    /// An expression in pattern position.
    static func of(_ expression: ExprSyntax) -> CasePattern {
        if expression.is(DiscardAssignmentExprSyntax.self) { return .any }
        if let pattern = expression.as(PatternExprSyntax.self) { return single(of: pattern.pattern) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return of(only.expression)
        }
        return caseName(expression).map(CasePattern.named) ?? .other
    }

    /// The enum case an expression names, in a pattern or as a value: `.idle`, `.idle(x)`,
    /// `State.idle`, `Self.State.idle(x)`; `nil` for anything else, such as `self.state`.
    static func caseName(_ expression: ExprSyntax) -> String? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return caseName(call.calledExpression)
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base {
            guard base.isTypeReference else { return nil }
        }
        return member.declName.baseName.text.trimmingBackticks
    }
}

extension ExprSyntax {
    /// Whether the expression can only name a type (`State`, `Self.State`, `Outer.State`): an
    /// upper-case name, as Swift's conventions have it, and not `self`.
    var isTypeReference: Bool {
        if let reference = self.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true
        }
        if let member = self.as(MemberAccessExprSyntax.self), let base = member.base {
            return base.isTypeReference && member.declName.baseName.text.first?.isUppercase == true
        }
        if let specialized = self.as(GenericSpecializationExprSyntax.self) {
            return specialized.expression.isTypeReference
        }
        return false
    }
}
