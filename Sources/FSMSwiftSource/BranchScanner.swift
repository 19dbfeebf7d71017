import FSMCore
import SwiftSyntax

/// Reads what a `case` body does to the state: the next states it assigns or returns, under
/// which `if`/`guard` conditions, whether it refuses the event (`throw`, `preconditionFailure`)
/// or leaves the state as it is (`break`, `return state`, `return nil`).
struct BranchScanner {
    /// One way out of a branch.
    struct Exit {
        var outcome: MachineSketch.Outcome
        var guardLabel: String?
        var location: SourceLocation
    }

    let file: SwiftSourceFile
    let stateEnum: EnumCatalog.Enum
    /// The expressions that hold the state: an assignment to one of these is a transition.
    let stateVariables: Set<String>
    /// Whether `return X` gives the next state (a transition function), or the method's own
    /// result (SwiftNIO's actions), which says nothing about the state.
    let returnsNextState: Bool

    /// The exits of `statements`, in source order.
    func exits(of statements: CodeBlockItemListSyntax, conditions: [String] = []) -> [Exit] {
        var exits: [Exit] = []
        var conditions = conditions
        let items = Array(statements)
        for (position, item) in items.enumerated() {
            // Of several assignments in a row, the last is the one the event leaves behind
            // (SwiftNIO's `self.state = .modifying` placeholder before the real assignment).
            if let target = assignedValue(item.item), !items[(position + 1)...].contains(where: { assignedValue($0.item) != nil }) {
                exits.append(Exit(outcome: outcome(of: target), guardLabel: Self.label(conditions), location: file.location(of: item)))
                continue
            }
            if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                let condition = guardStatement.conditions.trimmedDescription
                exits += self.exits(of: guardStatement.body.statements, conditions: conditions + ["!(\(condition))"])
                conditions.append(condition)
                continue
            }
            exits += self.exits(ofNode: Syntax(item.item), conditions: conditions)
        }
        return exits
    }

    /// The exits of one statement or expression.
    private func exits(ofNode node: Syntax, conditions: [String]) -> [Exit] {
        if let expressionStatement = node.as(ExpressionStmtSyntax.self) {
            return exits(ofNode: Syntax(expressionStatement.expression), conditions: conditions)
        }
        if let ifExpression = node.as(IfExprSyntax.self) {
            return exits(of: ifExpression, conditions: conditions)
        }
        if let switchExpression = node.as(SwitchExprSyntax.self) {
            return switchExpression.cases.flatMap { element -> [Exit] in
                guard case .switchCase(let switchCase) = element else { return [] }
                let whereClauses = switchCase.whereConditions
                return exits(of: switchCase.statements, conditions: conditions + whereClauses)
            }
        }
        if let returnStatement = node.as(ReturnStmtSyntax.self) {
            guard returnsNextState else { return [] }
            let value = returnStatement.expression
            return [Exit(outcome: value.map(outcome(of:)) ?? .stays, guardLabel: Self.label(conditions), location: file.location(of: node))]
        }
        if node.is(ThrowStmtSyntax.self) || node.isTrap {
            return [Exit(outcome: MachineSketch.Outcome.refuses, guardLabel: Self.label(conditions), location: file.location(of: node))]
        }
        if node.is(BreakStmtSyntax.self) {
            return [Exit(outcome: MachineSketch.Outcome.stays, guardLabel: Self.label(conditions), location: file.location(of: node))]
        }
        if let doStatement = node.as(DoStmtSyntax.self) {
            return exits(of: doStatement.body.statements, conditions: conditions)
                + doStatement.catchClauses.flatMap { exits(of: $0.body.statements, conditions: conditions) }
        }
        if let block = node.as(CodeBlockSyntax.self) { return exits(of: block.statements, conditions: conditions) }
        for loop in [node.as(ForStmtSyntax.self)?.body, node.as(WhileStmtSyntax.self)?.body, node.as(RepeatStmtSyntax.self)?.body] {
            if let loop { return exits(of: loop.statements, conditions: conditions) }
        }
        return []
    }

    private func exits(of ifExpression: IfExprSyntax, conditions: [String]) -> [Exit] {
        let condition = ifExpression.conditions.trimmedDescription
        var exits = self.exits(of: ifExpression.body.statements, conditions: conditions + [condition])
        switch ifExpression.elseBody {
        case .ifExpr(let next)?: exits += self.exits(of: next, conditions: conditions + ["!(\(condition))"])
        case .codeBlock(let block)?: exits += self.exits(of: block.statements, conditions: conditions + ["!(\(condition))"])
        case nil: break
        }
        return exits
    }

    /// The value assigned to the state, when `node` is such an assignment (`state = .idle`,
    /// `self.state = .active(x)`).
    func assignedValue(_ node: CodeBlockItemSyntax.Item) -> ExprSyntax? {
        let expression: ExprSyntax?
        switch node {
        case .expr(let value): expression = value
        case .stmt(let statement): expression = statement.as(ExpressionStmtSyntax.self)?.expression
        default: expression = nil
        }
        guard let sequence = expression?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
            stateVariables.contains(elements[0].trimmedDescription)
        else { return nil }
        if elements.count == 3 { return elements[2] }
        return ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(elements[2...])))
    }

    /// What a next-state expression says: a case, one of two (a ternary), the state unchanged,
    /// or a value syntax cannot tell, which may be any state.
    func outcome(of expression: ExprSyntax) -> MachineSketch.Outcome {
        let text = expression.trimmedDescription
        if expression.is(NilLiteralExprSyntax.self) || stateVariables.contains(text) { return .stays }
        if let name = CasePattern.caseName(expression), stateEnum.case(named: name) != nil {
            return .moves(targets: [name], computed: nil)
        }
        if let tuple = expression.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first { return outcome(of: only.expression) }
            for element in tuple.elements {
                let inner = outcome(of: element.expression)
                if case .moves(_, nil) = inner { return inner }
                if inner == .stays { return .stays }
            }
        }
        if let sequence = expression.as(SequenceExprSyntax.self), let choice = ternaryTargets(sequence) {
            return .moves(targets: choice, computed: text)
        }
        return .moves(targets: stateEnum.cases.map(\.name), computed: text)
    }

    /// Both branches of `condition ? .a : .b`, when each names a case.
    private func ternaryTargets(_ sequence: SequenceExprSyntax) -> [String]? {
        let elements = Array(sequence.elements)
        guard let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self), index + 2 == elements.count,
            let first = CasePattern.caseName(ternary.thenExpression), let second = CasePattern.caseName(elements[index + 1]),
            stateEnum.case(named: first) != nil, stateEnum.case(named: second) != nil
        else { return nil }
        return first == second ? [first] : [first, second]
    }

    private static func label(_ conditions: [String]) -> String? {
        conditions.isEmpty ? nil : conditions.joined(separator: " && ")
    }
}

extension SwitchCaseSyntax {
    /// The `where` clauses of the case's patterns, as guard text.
    var whereConditions: [String] {
        guard case .case(let label) = self.label else { return [] }
        return label.caseItems.compactMap { $0.whereClause?.condition.trimmedDescription }
    }
}

extension Syntax {
    /// Whether the node is a call that stops the program: a refusal, not a transition.
    var isTrap: Bool {
        guard let call = self.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
        else { return false }
        return ["preconditionFailure", "fatalError", "assertionFailure"].contains(callee.baseName.text)
    }
}
