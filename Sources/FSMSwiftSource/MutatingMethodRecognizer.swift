import FSMCore
import SwiftSyntax

/// Reads SwiftNIO-style machines: a type that keeps its state in a property of an enum type and
/// changes it in its methods, each method an event (`mutating func channelActive()`), switching
/// on `self.state` and assigning the next one; `throw` and `preconditionFailure` branches refuse
/// the event. The methods of the type's extensions in other files count too.
struct MutatingMethodRecognizer {
    let module: SwiftModule

    /// Every machine the module's types hold, claiming the switches it read.
    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var functions: [String: [(file: SwiftSourceFile, function: FunctionDeclSyntax)]] = [:]
        for file in module.files {
            for function in file.tree.descendants(of: FunctionDeclSyntax.self) where !function.isStatic {
                functions[SyntaxScope.typeName(around: function), default: []].append((file, function))
            }
        }
        var sketches: [MachineSketch] = []
        for property in module.properties where !property.isLocal && !property.scope.isEmpty && property.name.lowercased().contains("state") {
            guard let type = property.type,
                let stateEnum = module.enums.lookup(type, in: property.scope, file: property.location.file),
                let methods = functions[property.scope]
            else { continue }
            let variables: Set<String> = [property.name, "self." + property.name]
            var sketch = MachineSketch(
                name: property.name == "state" ? property.scope : property.scope + "." + property.name,
                style: .mutatingMethods, location: property.location, stateEnum: stateEnum, events: [])
            var claims: [SyntaxIdentifier] = []
            for method in methods {
                let scanner = BranchScanner(file: method.file, stateEnum: stateEnum, stateVariables: variables, returnsNextState: false)
                guard let body = method.function.body, let rows = rows(of: body, scanner: scanner, claims: &claims) else { continue }
                let event = method.function.name.text.trimmingBackticks
                if !sketch.events.contains(where: { $0.name == event }) {
                    sketch.events.append((event, method.file.location(of: method.function.name)))
                }
                sketch.rows += rows.map { row in
                    var row = row
                    row.events = [event]
                    return row
                }
            }
            guard sketch.hasTransitions else { continue }
            sketch.start = module.start(of: stateEnum, scope: property.scope, property: property.name)
            // Every switch in the machine's methods is read as part of it, not as a machine of its own.
            claimed.formUnion(claims)
            sketches.append(sketch)
        }
        return sketches
    }

    /// The rows of one method, or `nil` when it never assigns the state (a query, not an event).
    private func rows(of body: CodeBlockSyntax, scanner: BranchScanner, claims: inout [SyntaxIdentifier]) -> [MachineSketch.Row]? {
        let assigns = body.descendants(of: SequenceExprSyntax.self, intoClosures: false).contains { sequence in
            scanner.assignedValue(.expr(ExprSyntax(sequence))) != nil
        }
        guard assigns else { return nil }
        claims += body.descendants(of: SwitchExprSyntax.self, intoClosures: false).map(\.id)
        let items = Array(body.statements)
        guard let switchIndex = items.firstIndex(where: { stateSwitch($0.item, scanner) != nil }),
            let (switchExpression, subjects, statePosition) = stateSwitch(items[switchIndex].item, scanner)
        else {
            return MachineSketch.rows(
                from: scanner.exits(of: body.statements), sources: nil, events: nil, at: scanner.file.location(of: body))
        }
        claims.append(switchExpression.id)
        // An assignment after the switch is what every branch that did not refuse leaves behind.
        let trailing = items[(switchIndex + 1)...].lazy.compactMap { scanner.assignedValue($0.item) }.last
        var rows: [MachineSketch.Row] = []
        for case .switchCase(let switchCase) in switchExpression.cases {
            for (sources, conditions) in Self.matches(of: switchCase, subjects: subjects, statePosition: statePosition, scanner.stateEnum) {
                var caseRows = MachineSketch.rows(
                    from: scanner.exits(of: switchCase.statements, conditions: conditions), sources: sources, events: nil,
                    at: scanner.file.location(of: switchCase))
                if let trailing {
                    let outcome = scanner.outcome(of: trailing)
                    for index in caseRows.indices where caseRows[index].outcome != .refuses {
                        caseRows[index].outcome = outcome
                    }
                }
                rows += caseRows
            }
        }
        return rows
    }

    /// The states each pattern of a case matches (`nil`: any) and its conditions: its `where`
    /// clause, and, in a `switch (self.role, self.state)`, what it requires of the other
    /// subjects (`case .server = self.role`). Patterns that name no case of the state are left out.
    private static func matches(
        of switchCase: SwitchCaseSyntax, subjects: [ExprSyntax], statePosition: Int, _ stateEnum: EnumCatalog.Enum
    ) -> [(sources: [String]?, conditions: [String])] {
        guard case .case(let label) = switchCase.label else { return [(nil, [])] }
        return label.caseItems.compactMap { item in
            let positions = CasePattern.positions(of: item.pattern)
            guard positions.count == subjects.count else { return nil }
            var conditions: [String] = []
            if subjects.count > 1, let texts = CasePattern.positionTexts(of: item.pattern), texts.count == subjects.count {
                for index in subjects.indices where index != statePosition && positions[index] != .any {
                    conditions.append("case \(texts[index]) = \(subjects[index].trimmedDescription)")
                }
            }
            if let whereClause = item.whereClause { conditions.append(whereClause.condition.trimmedDescription) }
            switch positions[statePosition] {
            case .any: return (nil, conditions)
            case .named(let name) where stateEnum.case(named: name) != nil: return ([name], conditions)
            default: return nil
            }
        }
    }

    /// The `switch` on the state that `item` is, if it is one, with its subjects (one, or a
    /// tuple's elements) and which of them is the state.
    private func stateSwitch(
        _ item: CodeBlockItemSyntax.Item, _ scanner: BranchScanner
    ) -> (SwitchExprSyntax, subjects: [ExprSyntax], statePosition: Int)? {
        let expression: ExprSyntax?
        switch item {
        case .expr(let value): expression = value
        case .stmt(let statement):
            expression = statement.as(ExpressionStmtSyntax.self)?.expression ?? statement.as(ReturnStmtSyntax.self)?.expression
        default: expression = nil
        }
        guard let switchExpression = expression?.as(SwitchExprSyntax.self) else { return nil }
        let subjects = switchExpression.subject.as(TupleExprSyntax.self).map { $0.elements.map(\.expression) } ?? [switchExpression.subject]
        guard let position = subjects.firstIndex(where: { scanner.stateVariables.contains($0.trimmedDescription) }) else { return nil }
        return (switchExpression, subjects, position)
    }
}

extension FunctionDeclSyntax {
    /// Whether it is a `static` or `class` function, which cannot be an event of an instance.
    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}
