import FSMCore
import SwiftSyntax

/// Reads reducers, as The Composable Architecture and ReactorKit write them: a function or closure
/// that switches on an action (or mutation) and assigns the state, where the state itself when it
/// is an enum, or each enum-typed field of `State` that the reducer assigns (`state.mode =
/// .playing`), is a machine whose events are the action enum's cases. A `switch state.mode`, `if
/// case .a = state.mode` or `guard case` around the assignment gives its sources; without one the
/// assignment moves from any state.
///
/// A presentation field typed by a `@Reducer enum` (`var destination: Destination.State?`) is a
/// machine only when it moves from a case it tested: presenting a screen from anywhere and
/// dismissing it is navigation, not a machine.
struct ReducerReading {
    /// The style the machines are listed as, which the recognizer that found the reducers gives.
    let style: SwiftMachineStyle
    let module: SwiftModule
    var inventory: SyntaxInventory { module.inventory }

    /// One reducer body: the `switch` on the action, with the names its closure or function
    /// gives the state and the action, and the types they have.
    struct Reducer {
        let file: SwiftSourceFile
        let node: Syntax
        let body: CodeBlockItemListSyntax
        let stateName: String
        let actionName: String
        let stateType: String
        let actionType: String
        /// The state the body copied into `stateName` (`var newState = state`), whose fields it
        /// may test in place of the copy's.
        var original: String? = nil
        /// The value the reducer starts from when it is given none (`state ?? AppState(status:
        /// .signedOut)`), where a field's machine starts when its declaration gives no default.
        var initialValue: ExprSyntax? = nil
    }

    /// A state field of the reducer's `State`: the expression that holds it and its enum.
    private struct Field {
        let name: String
        let expression: String
        let stateEnum: EnumCatalog.Enum
        /// Whether it is a `@Reducer enum`'s `State`, which must move from a tested case to count.
        let isPresentation: Bool
        let scope: String
        /// Whether it is the whole state of a `@Reducer enum`, whose cases are child features:
        /// an action of a child (`.login(...)`) reaches the reducer only while the state is that
        /// child's case (`ifCaseLet`).
        var routesChildActions = false
        /// The same field of the state the reducer copied (`state.phase` beside `newState.phase`).
        var original: String?

        /// Whether `text` reads the field, through the copy or the original.
        func isRead(by text: String) -> Bool { text == expression || text == original }

        /// The states in which `events` can arrive, where routing says; `nil` for any.
        func routedSources(of events: [String]?) -> [String]? {
            guard routesChildActions, let events, !events.isEmpty else { return nil }
            let children = events.map { String($0.prefix { $0 != "." }) }
            return children.allSatisfy { stateEnum.case(named: $0) != nil } ? children.uniqued() : nil
        }
    }

    /// The machines of `reducers`, claiming the switches they read.
    func machines(of reducers: [Reducer], claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        for reducer in reducers {
            let scope = SyntaxScope.typeName(around: reducer.node)
            guard let actionSwitch = actionSwitch(in: reducer),
                let actionEnum = scopedEnum(reducer.actionType, from: scope) ?? reducerEnum(around: scope, synthesizing: reducer.actionType)
                    ?? castActions(of: actionSwitch, type: reducer.actionType, file: reducer.file)
            else { continue }
            // The nested switches are this reducer's: a transition function must not read
            // `switch action { case .x: switch state.mode ... }` again.
            claimed.insert(actionSwitch.id)
            for nested in actionSwitch.descendants(of: SwitchExprSyntax.self, intoClosures: false) { claimed.insert(nested.id) }
            for field in fields(of: reducer) {
                if let sketch = machine(reducer, field: field, actionEnum: actionEnum, actionSwitch: actionSwitch) {
                    sketches.append(sketch)
                }
            }
        }
        return sketches
    }

    // MARK: Finding reducers

    /// The `switch` on the action among the body's statements.
    private func actionSwitch(in reducer: Reducer) -> SwitchExprSyntax? {
        for item in reducer.body {
            if let found = Self.switchExpression(item.item), found.subject.trimmedText == reducer.actionName { return found }
        }
        return nil
    }

    /// The state itself when `State` is an enum, else `State`'s enum-typed stored properties, each
    /// with its name in the state the reducer copied.
    private func fields(of reducer: Reducer) -> [Field] {
        declaredFields(of: reducer).map { field in
            var field = field
            field.original = reducer.original.map { name in field.name.isEmpty ? name : name + "." + field.name }
            return field
        }
    }

    private func declaredFields(of reducer: Reducer) -> [Field] {
        let scope = SyntaxScope.typeName(around: reducer.node)
        if let whole = scopedEnum(reducer.stateType, from: scope) {
            return [Field(name: "", expression: reducer.stateName, stateEnum: whole, isPresentation: false, scope: whole.qualifiedName)]
        }
        if let features = reducerEnum(around: scope, synthesizing: reducer.stateType) {
            var field = Field(name: "", expression: reducer.stateName, stateEnum: features, isPresentation: false, scope: features.qualifiedName)
            field.routesChildActions = true
            return [field]
        }
        guard let stateScope = stateScope(reducer.stateType, from: scope) else { return [] }
        return module.properties.compactMap { property in
            guard property.scope == stateScope, let type = property.type else { return nil }
            let expression = reducer.stateName + "." + property.name
            // A `@Reducer enum`'s `State` is the macro's, with the enum's cases.
            if type.hasSuffix(".State"), let found = scopedEnum(String(type.dropLast(6)), from: stateScope) {
                return Field(name: property.name, expression: expression, stateEnum: found, isPresentation: true, scope: stateScope)
            }
            guard let found = scopedEnum(type, from: stateScope) ?? module.enums.lookup(type, in: stateScope),
                found.qualifiedName == type || found.qualifiedName.hasSuffix("." + type)
            else { return nil }
            return Field(name: property.name, expression: expression, stateEnum: found, isPresentation: false, scope: stateScope)
        }
    }

    /// The `@Reducer enum` around `scope` whose `State` or `Action` (`type`) the macro writes, as
    /// the source declares neither: the enum's cases are the states, and the first components of
    /// the actions, each a child feature's.
    private func reducerEnum(around scope: String, synthesizing type: String) -> EnumCatalog.Enum? {
        guard ["State", "Action", "Self.State", "Self.Action"].contains(type),
            let declared = inventory.enums.first(where: { found in
                (found.scope.isEmpty ? found.node.name.text : found.scope + "." + found.node.name.text) == scope
                    && found.node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "Reducer" }
            })
        else { return nil }
        return module.enums.enums.first { $0.qualifiedName == scope && $0.location == declared.file.location(of: declared.node) }
            ?? module.enums.lookup(scope, in: "", file: declared.file.path)
    }

    /// The qualified name of the `State` struct as written in `scope`: the nearest enclosing
    /// declaration holding properties, as Swift looks the name up.
    private func stateScope(_ type: String, from scope: String) -> String? {
        Self.candidates(type, from: scope).first { module.propertiesByScope[$0] != nil }
    }

    /// The enum `type` names in `scope`, only by the enclosing scopes: another feature's
    /// `State` enum is not this feature's `State` struct.
    private func scopedEnum(_ type: String, from scope: String) -> EnumCatalog.Enum? {
        for candidate in Self.candidates(type, from: scope) {
            if let found = module.enums.enums.first(where: { $0.qualifiedName == candidate }) { return found }
        }
        return nil
    }

    /// The actions of a switch that tells them apart by type (`case _ as Login`, `case let
    /// action as Logout`), as ReSwift's reducers do: each type is an action, named after it.
    private func castActions(of node: SwitchExprSyntax, type: String, file: SwiftSourceFile) -> EnumCatalog.Enum? {
        var cases: [EnumCatalog.Case] = []
        for switchCase in node.switchCases {
            guard case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems {
                guard let name = CasePattern.castType(of: item.pattern) else { return nil }
                if !cases.contains(where: { $0.name == name }) {
                    cases.append(EnumCatalog.Case(name: name, hasAssociatedValues: false, location: file.location(of: item)))
                }
            }
        }
        return cases.isEmpty ? nil : EnumCatalog.Enum(qualifiedName: type, cases: cases, location: file.location(of: node))
    }

    /// The variable `var state = state` (or `state ?? Initial()`) copies `parameter` into, and
    /// the value it falls back to when none is given.
    static func copy(of parameter: String, in statements: CodeBlockItemListSyntax) -> (name: String, fallback: ExprSyntax?)? {
        for item in statements {
            guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.tokenKind == .keyword(.var) else { continue }
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value
                else { continue }
                if value.trimmedText == parameter { return (name, nil) }
                if let elements = value.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
                    elements[0].trimmedText == parameter, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
                {
                    return (name, elements[2])
                }
            }
        }
        return nil
    }

    /// The names `function` gives the parameters it takes `inout`, as a reducer's helper takes
    /// the state.
    private static func inOutNames(_ function: FunctionDeclSyntax) -> [String] {
        function.signature.parameterClause.parameters.compactMap { parameter in
            let isInOut = parameter.type.as(AttributedTypeSyntax.self)?.specifiers.contains { $0.trimmedText == "inout" } ?? false
            return isInOut ? (parameter.secondName ?? parameter.firstName).text : nil
        }
    }

    /// `type` qualified by `scope` and each scope around it, innermost first.
    private static func candidates(_ type: String, from scope: String) -> [String] {
        var candidates: [String] = []
        var prefix = scope
        while !prefix.isEmpty {
            candidates.append(prefix + "." + type)
            prefix = prefix.lastIndex(of: ".").map { String(prefix[..<$0]) } ?? ""
        }
        return candidates + [type]
    }

    // MARK: Reading one field's machine

    private func machine(_ reducer: Reducer, field: Field, actionEnum: EnumCatalog.Enum, actionSwitch: SwitchExprSyntax) -> MachineSketch? {
        let owner = SyntaxScope.typeName(around: reducer.node)
        var scanner = BranchScanner(
            file: reducer.file, stateEnum: field.stateEnum, stateVariables: Set([field.expression] + (field.original.map { [$0] } ?? [])),
            returnsNextState: false)
        // The reducer's helpers that it lends the state to (`return beginLoad(&state)`) are
        // read in place where it calls them.
        let helpers = inventory.functions.filter { $0.scope == owner && !$0.isLocal }.compactMap { found in
            Self.inOutNames(found.node).isEmpty ? nil : (found.file, found.node)
        }
        // Each finds the state under the name of its own `inout` parameter.
        var lent = scanner
        for (_, helper) in helpers {
            for name in Self.inOutNames(helper) {
                for variable in scanner.stateVariables where variable.hasPrefix(reducer.stateName + ".") {
                    lent.stateVariables.insert(name + variable.dropFirst(reducer.stateName.count))
                }
            }
        }
        scanner.inlined = InlinedMethods(helpers, calledBy: helpers, in: [Syntax(actionSwitch)], scanner: lent)
        let reader = FieldReader(file: reducer.file, field: field, scanner: scanner)
        var sketch = MachineSketch(
            name: [owner.isEmpty ? reducer.stateType : owner, field.name].filter { !$0.isEmpty }.joined(separator: "."),
            style: style, location: reducer.file.location(of: reducer.node), stateEnum: field.stateEnum,
            events: actionEnum.cases.map { ($0.name, $0.location) })
        for case .switchCase(let switchCase) in actionSwitch.cases {
            for (events, guardLabel) in actionPatterns(switchCase, actionEnum: actionEnum, file: reducer.file, warnings: &sketch.warnings) {
                for event in events ?? [] where !sketch.events.contains(where: { $0.name == event }) {
                    sketch.events.append((event, reducer.file.location(of: switchCase)))
                }
                sketch.rows += reader.rows(
                    Array(switchCase.statements), sources: field.routedSources(of: events), events: events, conditions: guardLabel.map { [$0] } ?? [])
            }
        }
        // A field every action only copies a value into (`case let .setSortOrder(order):
        // state.sortOrder = order`, ReactorKit's `setX` idiom) is a setting, not a machine: a
        // machine names a case it moves to, or moves from a case it tested.
        guard sketch.hasTransitions, sketch.rows.contains(where: Self.movesByName) else { return nil }
        // A feature's Action is the whole feature's vocabulary: the field's machine has only the
        // actions its code handles.
        let touching = sketch.rows.filter { row in
            if case .moves = row.outcome { return true }
            return row.sources != nil
        }
        if !touching.contains(where: { $0.events == nil }) {
            let handled = Set(touching.flatMap { $0.events ?? [] })
            sketch.events = sketch.events.filter { handled.contains($0.name) }
        }
        if field.isPresentation, !sketch.rows.contains(where: { $0.sources != nil && $0.outcome != .stays && $0.outcome != .refuses }) {
            return nil
        }
        sketch.start =
            field.name.isEmpty
            ? storeStart(of: owner, stateEnum: field.stateEnum)
            : module.start(of: field.stateEnum, scope: field.scope, property: field.name)
        if case .unknown = sketch.start, let initial = reducer.initialValue.flatMap({ Self.value(of: field, in: $0) }) {
            sketch.start = .written(initial, in: reducer.file)
        }
        return sketch
    }

    /// What a value of the state gives `field`: the value itself for a whole-state machine, else
    /// the argument of that label where the value is made (`AuthState(status: .none)`).
    private static func value(of field: Field, in made: ExprSyntax) -> ExprSyntax? {
        if field.name.isEmpty { return made }
        return made.as(FunctionCallExprSyntax.self)?.argument(field.name)
    }

    /// Whether `row` moves to a case it names, or from states a test narrowed it to.
    private static func movesByName(_ row: MachineSketch.Row) -> Bool {
        guard case .moves(_, let computed) = row.outcome else { return false }
        return computed == nil || row.sources != nil
    }

    /// Where a store of the feature starts, when its whole state is an enum:
    /// `Store(initialState: .loggedOut) { AppFeature() }`.
    private func storeStart(of feature: String, stateEnum: EnumCatalog.Enum) -> MachineSketch.Start {
        let name = feature.split(separator: ".").last.map(String.init) ?? feature
        for (call, file) in inventory.calls(named: "Store").map({ ($0.node, $0.file) }) {
            guard let initial = call.argument("initialState"),
                call.finalClosure?.statements.contains(where: { item in
                    item.trimmedText.hasPrefix(name + "(")
                }) == true
            else { continue }
            if let state = CasePattern.caseName(initial), stateEnum.case(named: state) != nil {
                return .state(state, file.location(of: initial))
            }
            return .computed(initial.trimmedText, file.location(of: initial))
        }
        return .unknown
    }

    /// The actions one case of the action switch handles, each with the condition its pattern
    /// adds: `.loaded(.success)` handles `loaded` only when its value is a success.
    private func actionPatterns(
        _ switchCase: SwitchCaseSyntax, actionEnum: EnumCatalog.Enum, file: SwiftSourceFile, warnings: inout [Diagnostic]
    ) -> [(events: [String]?, guardLabel: String?)] {
        guard case .case(let label) = switchCase.label else { return [(nil, nil)] }
        var patterns: [(events: [String]?, guardLabel: String?)] = []
        for item in label.caseItems {
            var conditions = item.whereClause.map { [$0.condition.trimmedText] } ?? []
            if let type = CasePattern.castType(of: item.pattern), actionEnum.case(named: type) != nil {
                patterns.append(([type], conditions.first))
                continue
            }
            switch CasePattern.single(of: item.pattern) {
            case .any: patterns.append((nil, conditions.first))
            case .named(let name) where actionEnum.case(named: name) != nil:
                // A nested action (a child feature's, an effect's result) is an event of its own,
                // named by its path: `.player(.failure)` is `player.failure`.
                let path = CasePattern.path(of: item.pattern)
                if path.names.count > 1, path.complete {
                    patterns.append(([path.names.joined(separator: ".")], conditions.isEmpty ? nil : conditions.joined(separator: " && ")))
                    continue
                }
                if let refined = Self.refinedValue(item.pattern) { conditions.insert(refined, at: 0) }
                patterns.append(([name], conditions.isEmpty ? nil : conditions.joined(separator: " && ")))
            default:
                warnings.append(
                    .warning(
                        path: file.path, location: file.location(of: item),
                        message: "cannot tell which actions this pattern matches; its transitions are left out"))
            }
        }
        return patterns
    }

    /// The pattern's text when it matches only some values of its case (`.loaded(.success(let
    /// data))`), rather than binding or ignoring them (`.loaded(let result)`, `.tick(_)`).
    private static func refinedValue(_ pattern: PatternSyntax) -> String? {
        let unwrapped = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
        guard let call = unwrapped.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self) else { return nil }
        let refines = call.arguments.contains { argument in
            !(argument.expression.is(PatternExprSyntax.self) || argument.expression.is(DiscardAssignmentExprSyntax.self)
                || argument.expression.is(DeclReferenceExprSyntax.self))
        }
        return refines ? call.trimmedText : nil
    }

    /// A `switch` that is a statement, or the value returned.
    static func switchExpression(_ item: CodeBlockItemSyntax.Item) -> SwitchExprSyntax? {
        switch item {
        case .expr(let expression): return expression.as(SwitchExprSyntax.self)
        case .stmt(let statement):
            return statement.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
                ?? statement.as(ReturnStmtSyntax.self)?.expression?.as(SwitchExprSyntax.self)
        default: return nil
        }
    }
}

extension ReducerReading {
    /// Reads one action's statements for one field, narrowing the sources where the code tests
    /// the field (`switch state.mode`, `if case .a = state.mode`, `guard case`, `==`), and leaving
    /// the rest to ``BranchScanner``.
    private struct FieldReader {
        let file: SwiftSourceFile
        let field: Field
        let scanner: BranchScanner

        func rows(_ items: [CodeBlockItemSyntax], sources: [String]?, events: [String]?, conditions: [String]) -> [MachineSketch.Row] {
            var rows: [MachineSketch.Row] = []
            var plain: [CodeBlockItemSyntax] = []
            func flush() {
                guard !plain.isEmpty else { return }
                let exits = scanner.exits(of: plain, conditions: conditions)
                if !exits.isEmpty {
                    // Under a condition (an action's payload, an `if`), the rest of the pairs are
                    // not handled here: the row that would stay for them must not hide later ones.
                    rows += MachineSketch.rows(from: exits, sources: sources, events: events, at: file.location(of: plain[0]))
                        .filter { conditions.isEmpty || $0.outcome != .stays }
                }
                plain = []
            }
            for (index, item) in items.enumerated() {
                if let fieldSwitch = ReducerReading.switchExpression(item.item), field.isRead(by: fieldSwitch.subject.trimmedText) {
                    flush()
                    rows += switchRows(fieldSwitch, sources: sources, events: events, conditions: conditions)
                    continue
                }
                let statement = item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
                if let ifExpression = statement?.as(IfExprSyntax.self), let test = tested(ifExpression.conditions) {
                    flush()
                    rows += ifRows(ifExpression, test: test, sources: sources, events: events, conditions: conditions)
                    continue
                }
                if let guardStatement = item.item.as(GuardStmtSyntax.self), let test = tested(guardStatement.conditions) {
                    flush()
                    let kept = narrowed(sources, to: test.cases)
                    let others = test.others.isEmpty ? [] : ["!(\(test.others.joined(separator: ", ")))"]
                    rows += self.rows(
                        Array(guardStatement.body.statements), sources: test.others.isEmpty ? excluding(sources, test.cases) : sources,
                        events: events, conditions: conditions + others)
                    rows += self.rows(
                        Array(items[(index + 1)...]), sources: kept, events: events, conditions: conditions + test.others)
                    return rows
                }
                plain.append(item)
            }
            flush()
            return rows
        }

        private func switchRows(_ node: SwitchExprSyntax, sources: [String]?, events: [String]?, conditions: [String]) -> [MachineSketch.Row] {
            var rows: [MachineSketch.Row] = []
            var covered: [String] = []
            for case .switchCase(let switchCase) in node.cases {
                guard case .case(let label) = switchCase.label else {
                    rows += self.rows(Array(switchCase.statements), sources: excluding(sources, covered), events: events, conditions: conditions)
                    continue
                }
                for item in label.caseItems {
                    let whereClause = item.whereClause.map { [$0.condition.trimmedText] } ?? []
                    switch CasePattern.single(of: item.pattern) {
                    case .named(let name) where field.stateEnum.case(named: name) != nil:
                        let caseSources = narrowed(sources, to: [name])
                        if whereClause.isEmpty { covered.append(name) }
                        if caseSources?.isEmpty != true {
                            rows += self.rows(Array(switchCase.statements), sources: caseSources, events: events, conditions: conditions + whereClause)
                        }
                    case .any:
                        rows += self.rows(
                            Array(switchCase.statements), sources: excluding(sources, covered), events: events, conditions: conditions + whereClause)
                    default:
                        continue
                    }
                }
            }
            return rows
        }

        private func ifRows(
            _ node: IfExprSyntax, test: (cases: [String], others: [String]), sources: [String]?, events: [String]?, conditions: [String]
        ) -> [MachineSketch.Row] {
            var rows = self.rows(
                Array(node.body.statements), sources: narrowed(sources, to: test.cases), events: events, conditions: conditions + test.others)
            let elseSources = test.others.isEmpty ? excluding(sources, test.cases) : sources
            let elseConditions = test.others.isEmpty ? conditions : conditions + ["!(\(node.conditions.trimmedText))"]
            switch node.elseBody {
            case .ifExpr(let next)?:
                rows += self.rows([CodeBlockItemSyntax(item: .expr(ExprSyntax(next)))], sources: elseSources, events: events, conditions: elseConditions)
            case .codeBlock(let block)?:
                rows += self.rows(Array(block.statements), sources: elseSources, events: events, conditions: elseConditions)
            case nil:
                break
            }
            return rows
        }

        /// The cases an `if`/`guard` condition list requires of the field, and its other
        /// conditions as guard text; `nil` when it does not test the field.
        private func tested(_ conditions: ConditionElementListSyntax) -> (cases: [String], others: [String])? {
            var cases: [String]?
            var others: [String] = []
            for element in conditions {
                if let allowed = testedCases(element.condition), cases == nil {
                    cases = allowed
                } else {
                    others.append(element.condition.trimmedText)
                }
            }
            return cases.map { ($0, others) }
        }

        /// The cases for which one condition holds: `case .a = state.mode`, `state.mode == .a`,
        /// `state.mode != .a`.
        private func testedCases(_ condition: ConditionElementSyntax.Condition) -> [String]? {
            switch condition {
            case .matchingPattern(let matching):
                guard field.isRead(by: matching.initializer.value.trimmedText),
                    case .named(let name) = CasePattern.single(of: matching.pattern), field.stateEnum.case(named: name) != nil
                else { return nil }
                return [name]
            case .expression(let expression):
                guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
                let elements = Array(sequence.elements)
                let comparison = elements.count == 3 ? elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text : nil
                guard comparison == "==" || comparison == "!=", field.isRead(by: elements[0].trimmedText),
                    let name = CasePattern.caseName(elements[2]), field.stateEnum.case(named: name) != nil
                else { return nil }
                return comparison == "==" ? [name] : field.stateEnum.cases.map(\.name).filter { $0 != name }
            default:
                return nil
            }
        }

        private func narrowed(_ sources: [String]?, to cases: [String]) -> [String]? {
            guard let sources else { return cases }
            return sources.filter(cases.contains)
        }

        private func excluding(_ sources: [String]?, _ cases: [String]) -> [String]? {
            guard !cases.isEmpty else { return sources }
            return (sources ?? field.stateEnum.cases.map(\.name)).filter { !cases.contains($0) }
        }
    }
}
