import SwiftSyntax

/// The computed `Bool` properties that only test the state (`var isActive: Bool { switch state {
/// case .idle: false; default: true } }` on the holder, `var canPlay: Bool` on the state enum),
/// by the ways code names them (`isActive`, `self.isActive`, `state.canPlay`): a `guard
/// isActive` narrows the states as the test it stands for does.
struct StatePredicates {
    private var holding: [String: [String]] = [:]

    /// No predicates.
    init() {}

    /// The predicates of the holder `scope`, whose state is in `variables`, and of `stateEnum`.
    init(holder scope: String, variables: Set<String>, stateEnum: EnumCatalog.Enum, in module: SwiftModule) {
        let names = stateEnum.cases.map(\.name)
        for property in module.properties where property.type == "Bool" && !property.isStatic {
            guard let getter = property.getter else { continue }
            if property.scope == scope {
                let evaluator = Evaluator(stateEnum: stateEnum, variables: variables)
                if let states = evaluator.states(where: getter, among: names) {
                    for reference in StoredProperty.references(to: property.name) { holding[reference] = states }
                }
            } else if property.scope == stateEnum.qualifiedName {
                let evaluator = Evaluator(stateEnum: stateEnum, variables: ["self"])
                if let states = evaluator.states(where: getter, among: names) {
                    for variable in variables { holding[variable + "." + property.name] = states }
                }
            }
        }
    }

    /// The states where `expression` holds, when it names one of the predicates.
    func states(where expression: ExprSyntax) -> [String]? {
        holding[expression.trimmedText]
    }

    /// Works out what a getter gives in each state, as far as syntax tells.
    private struct Evaluator {
        let stateEnum: EnumCatalog.Enum
        let variables: Set<String>

        /// The states among `names` where `statements` give `true`, when they give `true` or
        /// `false` in every one and differ between them.
        func states(where statements: CodeBlockItemListSyntax, among names: [String]) -> [String]? {
            var holding: [String] = []
            for name in names {
                guard let value = value(of: statements, in: name) else { return nil }
                if value { holding.append(name) }
            }
            return holding.isEmpty || holding.count == names.count ? nil : holding
        }

        /// What one item of a getter does: give a value (`nil`: one syntax cannot tell), or
        /// go on to the next item (an `if` without `else` whose branch was not taken).
        private enum Step {
            case gives(Bool?)
            case goesOn
        }

        private func value(of statements: CodeBlockItemListSyntax, in state: String) -> Bool? {
            for item in statements {
                let expression: ExprSyntax
                switch item.item {
                case .stmt(let statement):
                    if let returned = statement.as(ReturnStmtSyntax.self) { return returned.expression.flatMap { value(of: $0, in: state) } }
                    if let guardStatement = statement.as(GuardStmtSyntax.self) {
                        guard let holds = value(of: guardStatement.conditions, in: state) else { return nil }
                        if !holds { return value(of: guardStatement.body.statements, in: state) }
                        continue
                    }
                    guard let statementExpression = statement.as(ExpressionStmtSyntax.self)?.expression else { return nil }
                    expression = statementExpression
                case .expr(let value): expression = value
                case .decl: return nil
                }
                if case .gives(let value) = step(expression, in: state, isLast: item.id == statements.last?.id) { return value }
            }
            return nil
        }

        private func step(_ expression: ExprSyntax, in state: String, isLast: Bool) -> Step {
            if let ifExpression = expression.as(IfExprSyntax.self) {
                guard let holds = value(of: ifExpression.conditions, in: state) else { return .gives(nil) }
                if holds { return .gives(value(of: ifExpression.body.statements, in: state)) }
                switch ifExpression.elseBody {
                case .codeBlock(let block): return .gives(value(of: block.statements, in: state))
                case .ifExpr(let nested): return step(ExprSyntax(nested), in: state, isLast: isLast)
                case nil: return .goesOn
                }
            }
            if let switchExpression = expression.as(SwitchExprSyntax.self) {
                guard variables.contains(switchExpression.subject.trimmedText) else { return .gives(nil) }
                for switchCase in switchExpression.switchCases {
                    switch switchCase.label {
                    case .default: return .gives(value(of: switchCase.statements, in: state))
                    case .case(let label):
                        guard label.caseItems.allSatisfy({ $0.whereClause == nil }) else { return .gives(nil) }
                        if label.caseItems.contains(where: { CasePattern.single(of: $0.pattern) == .named(state) }) {
                            return .gives(value(of: switchCase.statements, in: state))
                        }
                    }
                }
                return .gives(nil)
            }
            return .gives(isLast ? value(of: expression, in: state) : nil)
        }

        private func value(of conditions: ConditionElementListSyntax, in state: String) -> Bool? {
            var all = true
            for element in conditions {
                let holds: Bool?
                switch element.condition {
                case .expression(let expression): holds = value(of: expression, in: state)
                case .matchingPattern(let match):
                    guard variables.contains(match.initializer.value.trimmedText), case .named(let name) = CasePattern.single(of: match.pattern)
                    else { return nil }
                    holds = name == state
                default: holds = nil
                }
                guard let holds else { return nil }
                all = all && holds
            }
            return all
        }

        private func value(of expression: ExprSyntax, in state: String) -> Bool? {
            if let literal = expression.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                return value(of: only.expression, in: state)
            }
            if let negated = expression.as(PrefixOperatorExprSyntax.self), negated.operator.text == "!" {
                return value(of: negated.expression, in: state).map { !$0 }
            }
            if expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) {
                guard case .gives(let value) = step(expression, in: state, isLast: true) else { return nil }
                return value
            }
            // `[.idle, .paused].contains(state)`
            if let call = expression.as(FunctionCallExprSyntax.self), call.calledName == "contains", call.arguments.count == 1,
                let argument = call.arguments.first, argument.label == nil, variables.contains(argument.expression.trimmedText),
                let array = call.calledBase?.as(ArrayExprSyntax.self)
            {
                let names = array.elements.compactMap { CasePattern.caseName($0.expression) }
                guard names.count == array.elements.count else { return nil }
                return names.contains(state)
            }
            guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
            let elements = Array(sequence.elements)
            for operation in ["||", "&&"] {
                let parts = Self.split(elements, by: operation)
                guard parts.count > 1 else { continue }
                let values = parts.map { part in
                    value(of: part.count == 1 ? part[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(part))), in: state)
                }
                guard values.allSatisfy({ $0 != nil }) else { return nil }
                return operation == "||" ? values.contains(true) : !values.contains(false)
            }
            guard elements.count == 3, let operation = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                operation == "==" || operation == "!="
            else { return nil }
            for (subject, other) in [(elements[0], elements[2]), (elements[2], elements[0])] where variables.contains(subject.trimmedText) {
                guard let name = CasePattern.caseName(other), stateEnum.case(named: name) != nil else { return nil }
                return (name == state) == (operation == "==")
            }
            return nil
        }

        /// The operands of `operation` among `elements`, when it is there at the top level.
        private static func split(_ elements: [ExprSyntax], by operation: String) -> [[ExprSyntax]] {
            var parts: [[ExprSyntax]] = [[]]
            for element in elements {
                if element.as(BinaryOperatorExprSyntax.self)?.operator.text == operation {
                    parts.append([])
                } else {
                    parts[parts.count - 1].append(element)
                }
            }
            return parts
        }
    }
}
