import FSMCore
import SwiftSyntax

/// Reads transition functions: `switch (state, event)` with a case per pair (wildcards and
/// `where` clauses included), or a `switch` on one of them with a `switch` on the other in each
/// case, returning or assigning the next state.
///
/// Both enums must be declared in the files read and differ: `switch (lhs, rhs)` in `==`, or
/// a table keyed by two states, has no event and is no machine.
struct TransitionFunctionRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.transitionFunction

    let module: SwiftModule

    /// The machines in the module's files, skipping the switches another recognizer claimed.
    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        for (switchExpression, file) in module.inventory.switches.map({ ($0.node, $0.file) }) where !claimed.contains(switchExpression.id) {
            guard let sketch = machine(switchExpression, file: file, claimed: &claimed) else { continue }
            claimed.insert(switchExpression.id)
            sketches.append(sketch)
        }
        return sketches
    }

    private func machine(_ node: SwitchExprSyntax, file: SwiftSourceFile, claimed: inout Set<SyntaxIdentifier>) -> MachineSketch? {
        if let tuple = node.subject.as(TupleExprSyntax.self), tuple.elements.count >= 2 {
            return tupleMachine(node, elements: tuple.elements.map(\.expression), file: file)
        }
        return nestedMachine(node, file: file, claimed: &claimed)
    }

    // MARK: switch (state, event)

    /// A `switch (state, event)`, or one over more values (`switch (state, event, stock)`),
    /// whose other positions are guards (`case .inStock(let price) = stock`).
    private func tupleMachine(_ node: SwitchExprSyntax, elements: [ExprSyntax], file: SwiftSourceFile) -> MachineSketch? {
        var names = Array(repeating: Set<String>(), count: elements.count)
        for case .switchCase(let switchCase) in node.cases {
            guard case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems {
                let positions = CasePattern.positions(of: item.pattern)
                guard positions.count == elements.count else { continue }
                for (index, position) in positions.enumerated() {
                    if case .named(let name) = position { names[index].insert(name) }
                }
            }
        }
        let enums = elements.indices.map { resolve(elements[$0], names: names[$0], at: node, in: file) }
        guard let (stateIndex, eventIndex) = statePositions(elements, enums: enums, at: node, in: file),
            let stateEnum = enums[stateIndex], let eventEnum = enums[eventIndex]
        else { return nil }
        let pair = [stateIndex, eventIndex]
        var sketch = newSketch(node, file: file, stateEnum: stateEnum, eventEnum: eventEnum, stateExpression: elements[stateIndex])
        let scanner = self.scanner(file, stateEnum, stateExpression: elements[stateIndex], at: node)
        for case .switchCase(let switchCase) in node.cases {
            guard case .case(let label) = switchCase.label else {
                sketch.rows += rows(scanner.exits(of: switchCase.statements), sources: nil, events: nil, at: switchCase, file: file)
                continue
            }
            for item in label.caseItems {
                let positions = CasePattern.positions(of: item.pattern)
                guard positions.count == elements.count,
                    let sources = cases(positions[stateIndex], in: stateEnum),
                    let events = cases(positions[eventIndex], in: eventEnum)
                else {
                    sketch.warnings.append(unread(item, file: file))
                    continue
                }
                let narrowing = CasePattern.narrowingConditions(of: item.pattern, subjects: elements)
                let texts = CasePattern.positionTexts(of: item.pattern) ?? []
                // A position beside the state and the event that matches less than anything is a guard.
                let others = elements.indices.filter { !pair.contains($0) && positions[$0] != .any && narrowing[$0] == nil && texts.count == elements.count }
                    .map { "case \(texts[$0]) = \(elements[$0].trimmedText)" }
                let conditions = narrowing.compactMap { $0 } + others + (item.whereClause.map { [$0.condition.trimmedText] } ?? [])
                sketch.rows += rows(scanner.exits(of: switchCase.statements, conditions: conditions), sources: sources, events: events, at: item, file: file)
            }
        }
        return sketch.hasTransitions ? sketch : nil
    }

    // MARK: switch state { case .a: switch event { ... } }

    private func nestedMachine(_ node: SwitchExprSyntax, file: SwiftSourceFile, claimed: inout Set<SyntaxIdentifier>) -> MachineSketch? {
        guard let outerEnum = resolve(node.subject, names: patternNames(node), at: node, in: file) else { return nil }
        var inner: [(switchCase: SwitchCaseSyntax, inner: SwitchExprSyntax?)] = []
        var innerEnum: EnumCatalog.Enum?
        var innerSubject: ExprSyntax?
        for case .switchCase(let switchCase) in node.cases {
            // A switch another machine has read (a SwiftNIO method's) is that machine's, not a
            // second view of it.
            let nested =
                (switchCase.statements.lazy.compactMap { Self.switchStatement($0.item) }.first
                ?? helperSwitch(switchCase.statements, in: file)).flatMap { claimed.contains($0.id) ? nil : $0 }
            if let nested, innerEnum == nil, let found = resolve(nested.subject, names: patternNames(nested), at: nested, in: file),
                found.location != outerEnum.location
            {
                innerEnum = found
                innerSubject = nested.subject
            }
            inner.append((switchCase, nested))
        }
        guard let innerEnum, let innerSubject else { return nil }
        let outerIsState = statePositions([node.subject, innerSubject], enums: [outerEnum, innerEnum], at: node, in: file)?.state != 1
        let stateEnum = outerIsState ? outerEnum : innerEnum
        let eventEnum = outerIsState ? innerEnum : outerEnum
        let stateExpression = outerIsState ? node.subject : innerSubject
        var sketch = newSketch(node, file: file, stateEnum: stateEnum, eventEnum: eventEnum, stateExpression: stateExpression)
        let scanner = self.scanner(file, stateEnum, stateExpression: stateExpression, at: node)
        for (switchCase, nested) in inner {
            let outerItems = items(of: switchCase, subject: node.subject)
            guard let nested, resolve(nested.subject, names: patternNames(nested), at: nested, in: file)?.location == innerEnum.location else {
                // A case that does not switch on the other enum handles every one of its values alike.
                for outer in outerItems {
                    guard let outerCases = cases(outer.pattern, in: outerEnum) else { continue }
                    let exits = scanner.exits(of: switchCase.statements, conditions: outer.conditions)
                    sketch.rows += rows(exits, sources: outerIsState ? outerCases : nil, events: outerIsState ? nil : outerCases, at: switchCase, file: file)
                }
                continue
            }
            claimed.insert(nested.id)
            for outer in outerItems {
                guard let outerCases = cases(outer.pattern, in: outerEnum) else {
                    sketch.warnings.append(unread(switchCase, file: file))
                    continue
                }
                for case .switchCase(let innerCase) in nested.cases {
                    for innerItem in items(of: innerCase, subject: nested.subject) {
                        guard let innerCases = cases(innerItem.pattern, in: innerEnum) else {
                            sketch.warnings.append(unread(innerCase, file: file))
                            continue
                        }
                        let exits = scanner.exits(of: innerCase.statements, conditions: outer.conditions + innerItem.conditions)
                        sketch.rows += rows(
                            exits, sources: outerIsState ? outerCases : innerCases, events: outerIsState ? innerCases : outerCases,
                            at: innerCase, file: file)
                    }
                }
            }
        }
        return sketch.hasTransitions ? sketch : nil
    }

    /// The `switch` of a helper the case body hands the work to (`return resolveIdle(event)`,
    /// a function of the same file), read in place of a nested `switch`, as resolvers are written.
    /// What comes before the call may only check and unwrap values (`guard let event = event
    /// as? SignOutEvent else { return .from(oldState) }`, a `let`), as Amplify's resolvers do.
    private func helperSwitch(_ statements: CodeBlockItemListSyntax, in file: SwiftSourceFile) -> SwitchExprSyntax? {
        guard let item = statements.last?.item,
            statements.dropLast().allSatisfy({ $0.item.is(GuardStmtSyntax.self) || $0.item.is(VariableDeclSyntax.self) })
        else { return nil }
        let expression: ExprSyntax?
        switch item {
        case .expr(let value): expression = value
        case .stmt(let statement): expression = statement.as(ReturnStmtSyntax.self)?.expression
        default: expression = nil
        }
        let call = expression.flatMap { $0.as(TryExprSyntax.self)?.expression ?? $0 }?.as(FunctionCallExprSyntax.self)
        guard let callee = call?.localCallee, let body = module.functions(in: file)[callee]?.body else { return nil }
        return body.statements.lazy.compactMap { Self.switchStatement($0.item) }.first
    }

    /// A `switch` that is a statement of a case body, or the value it returns.
    private static func switchStatement(_ item: CodeBlockItemSyntax.Item) -> SwitchExprSyntax? {
        switch item {
        case .expr(let expression): return expression.as(SwitchExprSyntax.self)
        case .stmt(let statement):
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self) {
                return expression
            }
            return statement.as(ReturnStmtSyntax.self)?.expression?.as(SwitchExprSyntax.self)
        default: return nil
        }
    }

    // MARK: Shared

    /// A case's patterns, one per item (`default` is one item matching anything), each with its
    /// conditions: what its associated values must match, and its `where` clause.
    private func items(of switchCase: SwitchCaseSyntax, subject: ExprSyntax) -> [(pattern: CasePattern, conditions: [String])] {
        guard case .case(let label) = switchCase.label else { return [(.any, [])] }
        return label.caseItems.map { item in
            let positions = CasePattern.positions(of: item.pattern)
            let narrowing = CasePattern.narrowingConditions(of: item.pattern, subjects: [subject]).compactMap { $0 }
            return (positions.count == 1 ? positions[0] : .other, narrowing + (item.whereClause.map { [$0.condition.trimmedText] } ?? []))
        }
    }

    /// The case names a pattern position stands for: one case, or `nil` for any (an empty
    /// return means the pattern is not this enum's).
    private func cases(_ pattern: CasePattern, in enumeration: EnumCatalog.Enum) -> [String]?? {
        switch pattern {
        case .any: return .some(nil)
        case .named(let name): return enumeration.case(named: name) != nil ? .some([name]) : nil
        case .other: return nil
        }
    }

    private func patternNames(_ node: SwitchExprSyntax) -> Set<String> {
        var names: Set<String> = []
        for case .switchCase(let switchCase) in node.cases {
            for item in items(of: switchCase, subject: node.subject) { if case .named(let name) = item.pattern { names.insert(name) } }
        }
        return names
    }

    /// The enum a switch subject has: its declared type where syntax shows it, else the one enum
    /// nearest the switch that declares every case its patterns name.
    private func resolve(_ subject: ExprSyntax, names: Set<String>, at node: some SyntaxProtocol, in file: SwiftSourceFile) -> EnumCatalog.Enum? {
        if let declared = module.declaredEnum(of: subject, at: node, in: file) {
            return declared.contains(all: names) ? declared : nil
        }
        return module.enums.enums(declaring: names, near: SyntaxScope.typeName(around: node)).first
    }

    /// Which of the two subjects is the state: the one whose enum the function returns, else the
    /// one named or typed as a state, else the first.
    /// Which positions of a tuple switch hold the state and the event: of two enums, the state
    /// is the one returned, else the one named as a state; among more values, the state must be
    /// returned or so named, and the event is the first other enum.
    private func statePositions(
        _ subjects: [ExprSyntax], enums: [EnumCatalog.Enum?], at node: some SyntaxProtocol, in file: SwiftSourceFile
    ) -> (state: Int, event: Int)? {
        let candidates = enums.indices.filter { enums[$0] != nil }
        var stateIndex: Int?
        if let returned = SyntaxScope.returnType(around: node).flatMap({ module.lookupEnum($0, at: node, in: file) }) {
            stateIndex = candidates.first { enums[$0]?.location == returned.location }
        }
        stateIndex = stateIndex ?? candidates.first { subjects[$0].trimmedText.lowercased().contains("state") }
        stateIndex = stateIndex ?? candidates.first { enums[$0]?.name.contains("State") == true }
        if subjects.count == 2, candidates.count == 2 { stateIndex = stateIndex ?? 0 }
        guard let stateIndex, let state = enums[stateIndex],
            let eventIndex = candidates.first(where: { $0 != stateIndex && enums[$0]?.location != state.location })
        else { return nil }
        return (stateIndex, eventIndex)
    }

    private func newSketch(
        _ node: SwitchExprSyntax, file: SwiftSourceFile, stateEnum: EnumCatalog.Enum, eventEnum: EnumCatalog.Enum,
        stateExpression: ExprSyntax
    ) -> MachineSketch {
        let owner = SyntaxScope.typeName(around: node)
        var sketch = MachineSketch(
            name: owner.isEmpty ? stateEnum.qualifiedName : owner, style: .transitionFunction,
            location: file.location(of: node), stateEnum: stateEnum,
            events: eventEnum.cases.map { ($0.name, $0.location) })
        sketch.start = module.start(of: stateEnum, scope: owner.isEmpty ? nil : owner)
        if case .unknown = sketch.start { sketch.start = module.start(of: stateEnum, scope: nil) }
        return sketch
    }

    /// A scanner for the switch at `node`: what it returns is the next state only when the
    /// function around it returns the state's type; otherwise only assignments to the state count.
    private func scanner(
        _ file: SwiftSourceFile, _ stateEnum: EnumCatalog.Enum, stateExpression: ExprSyntax, at node: some SyntaxProtocol
    ) -> BranchScanner {
        var variables: Set<String> = ["state", "self.state"]
        let text = stateExpression.trimmedText
        variables.insert(text)
        variables.insert(text.hasPrefix("self.") ? String(text.dropFirst(5)) : "self." + text)
        var scanner = BranchScanner(
            file: file, stateEnum: stateEnum, stateVariables: variables, returnsNextState: returnsState(stateEnum, at: node, in: file))
        scanner.helpers = module.functions(in: file)
        return scanner
    }

    /// Whether the function around `node` returns the next state: the state's own type, or a
    /// type of the module that holds one (`struct TransitionEffect { let toState: Phase }`).
    /// Generic types whose arguments are elements, not a wrapped next state.
    private static let collections: Set<String> = ["Array", "Set", "ContiguousArray", "ArraySlice", "Dictionary", "OrderedSet", "Deque"]

    private func returnsState(_ stateEnum: EnumCatalog.Enum, at node: some SyntaxProtocol, in file: SwiftSourceFile) -> Bool {
        guard let returned = SyntaxScope.returnType(around: node) else { return false }
        if let found = module.lookupEnum(returned, at: node, in: file) { return found.location == stateEnum.location }
        // A library's value generic over the state (`StateResolution<SignOutState>`) wraps the
        // next state, which ``BranchScanner`` takes out of it; a collection of states
        // (`Array<State>`, a history or a set of options) is a value of its own.
        if !Self.collections.contains(returned.strippingGenericArguments),
            Construction.parts(of: returned).arguments.contains(where: { module.lookupEnum($0, at: node, in: file)?.location == stateEnum.location })
        {
            return true
        }
        return module.propertiesByScope[returned.strippingGenericArguments]?.values.contains { property in
            property.type.flatMap { module.enums.lookup($0, in: property.scope, file: property.location.file) }?.location == stateEnum.location
        } ?? false
    }

    private func rows(_ exits: [BranchScanner.Exit], sources: [String]?, events: [String]?, at node: some SyntaxProtocol, file: SwiftSourceFile)
        -> [MachineSketch.Row]
    {
        MachineSketch.rows(from: exits, sources: sources, events: events, at: file.location(of: node))
    }

    private func unread(_ node: some SyntaxProtocol, file: SwiftSourceFile) -> Diagnostic {
        let location = file.location(of: node)
        return .warning(
            path: file.path, location: location,
            message: "cannot tell which states and events this pattern matches; its transitions are left out")
    }
}

extension SwiftMachineStyle {
    /// A function that switches on the state and the event (`switch (state, event)`, or a
    /// `switch state` with a `switch event` in each case) and returns or assigns the next state.
    public static let transitionFunction = SwiftMachineStyle("transition-function")
}
