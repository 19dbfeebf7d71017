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

    /// For each position of a pattern (as ``positions(of:)`` gives them), the condition it adds
    /// to its case when it matches only some of the case's values (`.failed(.transport)`,
    /// `.data(0)`): `case .failed(.transport) = state`, with `subjects` the switch's subjects
    /// (one, or a tuple's elements). `nil` for a position that binds (`.failed(let error)`),
    /// ignores (`.failed(_)`) or names no associated values.
    static func narrowingConditions(of pattern: PatternSyntax, subjects: [ExprSyntax]) -> [String?] {
        let narrowing = narrows(pattern, bound: false)
        let texts = positionTexts(of: pattern) ?? [pattern.trimmedText]
        guard narrowing.count == subjects.count, texts.count == subjects.count else { return narrowing.map { _ in nil } }
        return subjects.indices.map { index in
            narrowing[index] ? "case \(texts[index]) = \(subjects[index].trimmedText)" : nil
        }
    }

    private static func narrows(_ pattern: PatternSyntax, bound: Bool) -> [Bool] {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return narrows(binding.pattern, bound: true) }
        if let tuple = pattern.as(TuplePatternSyntax.self) { return tuple.elements.map { narrowsSingle($0.pattern, bound: bound) } }
        if let expression = pattern.as(ExpressionPatternSyntax.self),
            let tuple = expression.expression.as(TupleExprSyntax.self), tuple.elements.count > 1
        {
            return tuple.elements.map { narrows($0.expression, bound: bound) }
        }
        return [narrowsSingle(pattern, bound: bound)]
    }

    private static func narrowsSingle(_ pattern: PatternSyntax, bound: Bool) -> Bool {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return narrowsSingle(binding.pattern, bound: true) }
        if let expression = pattern.as(ExpressionPatternSyntax.self) { return narrows(expression.expression, bound: bound) }
        return false
    }

    /// Whether a case pattern's associated values are matched against something, not only bound
    /// or ignored.
    private static func narrows(_ expression: ExprSyntax, bound: Bool) -> Bool {
        if let pattern = expression.as(PatternExprSyntax.self) { return narrowsSingle(pattern.pattern, bound: bound) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return narrows(only.expression, bound: bound)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        return call.arguments.contains { !bindsOrIgnores($0.expression, bound: bound) }
    }

    /// `let x`, `var x`, `_`, or a name inside a `let` pattern (`case let .failed(error)`).
    private static func bindsOrIgnores(_ expression: ExprSyntax, bound: Bool) -> Bool {
        if expression.is(DiscardAssignmentExprSyntax.self) { return true }
        if bound, expression.is(DeclReferenceExprSyntax.self) { return true }
        if let tuple = expression.as(TupleExprSyntax.self) { return tuple.elements.allSatisfy { bindsOrIgnores($0.expression, bound: bound) } }
        guard var pattern = expression.as(PatternExprSyntax.self)?.pattern else { return false }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        return pattern.is(WildcardPatternSyntax.self) || pattern.is(IdentifierPatternSyntax.self)
    }

    /// One position's pattern.
    static func single(of pattern: PatternSyntax) -> CasePattern {
        if pattern.is(WildcardPatternSyntax.self) || pattern.is(IdentifierPatternSyntax.self) { return .any }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return single(of: binding.pattern) }
        if let expression = pattern.as(ExpressionPatternSyntax.self) { return of(expression.expression) }
        return .other
    }

    /// The type a pattern casts to: `T` for `is T`, `_ as T` and `let value as T`, as reducers
    /// whose actions are types of their own (ReSwift's) tell them apart.
    static func castType(of pattern: PatternSyntax) -> String? {
        if let isType = pattern.as(IsTypePatternSyntax.self) { return isType.type.trimmedText }
        let unwrapped = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
        guard let expression = unwrapped.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let cast = expression.as(AsExprSyntax.self) { return cast.questionOrExclamationMark == nil ? cast.type.trimmedText : nil }
        guard let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
            let type = elements[2].as(TypeExprSyntax.self)
        else { return nil }
        return type.type.trimmedText
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

extension CasePattern {
    /// The nested cases a pattern matches, outermost first: `.login(.loginResponse(.success(let
    /// response)))` is `login`, `loginResponse`, `success`, as The Composable Architecture's
    /// actions nest a child feature's actions and an effect's result in a case. The path follows
    /// a single unlabelled payload; `complete` says whether it is all the pattern tests, the
    /// innermost payload only binding or ignoring values.
    static func path(of pattern: PatternSyntax) -> (names: [String], complete: Bool) {
        let unwrapped = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
        guard var current = unwrapped.as(ExpressionPatternSyntax.self)?.expression else { return ([], false) }
        var names: [String] = []
        // A loop, not recursion: how deep actions nest is the input's to choose.
        while true {
            let call = current.as(FunctionCallExprSyntax.self)
            guard let member = (call?.calledExpression ?? current).as(MemberAccessExprSyntax.self),
                member.base == nil || member.base?.isTypeReference == true
            else { return (names, false) }
            names.append(member.declName.baseName.text.trimmingBackticks)
            guard let call else { return (names, true) }
            if call.arguments.count == 1, let only = call.arguments.first, only.label == nil, !binds(only.expression) {
                current = only.expression
                continue
            }
            return (names, call.arguments.allSatisfy { binds($0.expression) })
        }
    }

    /// Whether a payload position takes any value: `let x`, `_`, a name bound by an outer `let`.
    private static func binds(_ expression: ExprSyntax) -> Bool {
        expression.is(PatternExprSyntax.self) || expression.is(DiscardAssignmentExprSyntax.self) || expression.is(DeclReferenceExprSyntax.self)
    }
}
