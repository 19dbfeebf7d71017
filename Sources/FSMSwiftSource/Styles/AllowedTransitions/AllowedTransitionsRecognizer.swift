import SwiftSyntax

/// Reads the transitions a type allows without naming events: a test of a move between two
/// states, `func canTransition(to next: State) -> Bool { switch (self, next) { case (.idle,
/// .loading), (_, .failed): return true; default: return false } }` (or `(from:to:)` over two
/// states), and a table of next states, `[State: Set<State>]` written as a dictionary literal
/// (`[.placed: [.paid, .cancelled], ...]`). Each allowed pair is an eventless transition, as a
/// direct change of state (`state = next` after the test) takes it.
struct AllowedTransitionsRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.allowedTransitions

    let module: SwiftModule

    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        for found in module.inventory.functions where Self.isMoveTest(found.node) {
            guard let (stateEnum, positions) = movedStates(of: found.node, scope: found.scope, file: found.file),
                let body = found.node.body, let node = body.statements.lazy.compactMap({ ReducerReading.switchExpression($0.item) }).first,
                let tuple = node.subject.as(TupleExprSyntax.self), tuple.elements.map(\.expression.trimmedText) == positions.subjects
            else { continue }
            var sketch = MachineSketch(
                name: found.scope.isEmpty ? found.node.name.text : found.scope + "." + found.node.name.text, style: Self.style,
                location: found.file.location(of: found.node.name), stateEnum: stateEnum, events: [])
            sketch.rows = rows(of: node, positions: positions.from, stateEnum: stateEnum, file: found.file)
            guard sketch.hasTransitions else { continue }
            claimed.insert(node.id)
            sketch.start = module.start(of: stateEnum, scope: nil)
            sketch.directChangeMethod = mover(consulting: found.node.name.text, stateEnum: stateEnum)
            sketches.append(sketch)
        }
        for found in module.inventory.dictionaries {
            if let sketch = table(found.node, file: found.file) { sketches.append(sketch) }
        }
        for found in module.inventory.functions {
            if let sketch = nextStateLists(found.node, scope: found.scope, file: found.file, claimed: &claimed) { sketches.append(sketch) }
        }
        return sketches
    }

    /// A state enum's method that lists the states each one may go on to, `func
    /// allowedNextStates() -> [Self] { switch self { case .playing: return [.paused, .gameOver]
    /// ... } }`: each case's list is its moves, and an empty list ends the machine there.
    private func nextStateLists(
        _ function: FunctionDeclSyntax, scope: String, file: SwiftSourceFile, claimed: inout Set<SyntaxIdentifier>
    ) -> MachineSketch? {
        guard function.signature.parameterClause.parameters.isEmpty, Self.namesMoves(function.name.text),
            let stateEnum = module.enums.enums.first(where: { $0.qualifiedName == scope }),
            let returned = Self.listedType(function.signature.returnClause?.type),
            returned == "Self" || module.lookupEnum(returned, at: function, in: file)?.location == stateEnum.location,
            let body = function.body, let node = body.statements.lazy.compactMap({ ReducerReading.switchExpression($0.item) }).first,
            node.subject.trimmedText == "self", !claimed.contains(node.id)
        else { return nil }
        var sketch = MachineSketch(
            name: scope + "." + function.name.text, style: Self.style, location: file.location(of: function.name), stateEnum: stateEnum,
            events: [])
        for case .switchCase(let switchCase) in node.cases {
            guard switchCase.statements.count == 1, let item = switchCase.statements.first?.item else { return nil }
            let value = item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
            guard let targets = value.flatMap(stateEnum.cases(listedBy:)) else { return nil }
            let sources: [String]
            switch switchCase.label {
            case .default: sources = Self.unnamed(by: node, in: stateEnum)
            case .case(let label):
                let named = label.caseItems.compactMap { item -> String? in
                    guard item.whereClause == nil, case .named(let name) = CasePattern.single(of: item.pattern) else { return nil }
                    return stateEnum.case(named: name) != nil ? name : nil
                }
                guard named.count == label.caseItems.count else { return nil }
                sources = named
            }
            let outcome: MachineSketch.Outcome = targets.isEmpty ? .refuses : .moves(targets: targets.uniqued(), computed: nil)
            var row = MachineSketch.Row(sources: sources, events: nil, guardLabel: nil, outcome: outcome, location: file.location(of: switchCase))
            row.isDirectChange = true
            sketch.rows.append(row)
        }
        guard sketch.hasTransitions else { return nil }
        claimed.insert(node.id)
        sketch.start = module.start(of: stateEnum, scope: nil)
        sketch.directChangeMethod = mover(consulting: function.name.text, stateEnum: stateEnum)
        return sketch
    }

    /// The cases no `case` of a `switch self` names, which its `default:` is for.
    private static func unnamed(by node: SwitchExprSyntax, in stateEnum: EnumCatalog.Enum) -> [String] {
        var named: Set<String> = []
        for case .switchCase(let switchCase) in node.cases {
            guard case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems {
                if case .named(let name) = CasePattern.single(of: item.pattern) { named.insert(name) }
            }
        }
        return stateEnum.cases.map(\.name).filter { !named.contains($0) }
    }

    /// The element type of an array or set type (`[Self]`, `Set<LevelState>`), if it is one.
    private static func listedType(_ type: TypeSyntax?) -> String? {
        if let array = type?.as(ArrayTypeSyntax.self) { return array.element.trimmedText }
        if let set = type?.as(IdentifierTypeSyntax.self), set.name.text == "Set", let argument = set.genericArgumentClause?.arguments.first {
            return argument.argument.trimmedText
        }
        return nil
    }

    /// Whether a function's name and result say it tests a move: a `Bool` from `canTransition`,
    /// `isValidTransition`, `canMove`, `allows`...
    private static func isMoveTest(_ function: FunctionDeclSyntax) -> Bool {
        guard function.signature.returnClause?.type.trimmedText == "Bool" else { return false }
        let name = function.name.text.lowercased()
        return ["can", "valid", "allow", "permit", "should"].contains { name.contains($0) }
            && ["transition", "move", "change", "next", "go", "enter"].contains { name.contains($0) }
    }

    /// The state enum a move test compares, and which subject of its `switch` is the source:
    /// `self` and a parameter of the enum's own type, or two parameters of one enum type.
    private func movedStates(
        of function: FunctionDeclSyntax, scope: String, file: SwiftSourceFile
    ) -> (EnumCatalog.Enum, (subjects: [String], from: Int))? {
        let parameters = function.signature.parameterClause.parameters.map { ((($0.secondName ?? $0.firstName).text), $0.type.trimmedText) }
        let typed = parameters.compactMap { name, type in
            (type == "Self" ? module.enums.enums.first { $0.qualifiedName == scope } : module.lookupEnum(type, at: function, in: file)).map { (name, $0) }
        }
        if typed.count == 1, let own = module.enums.enums.first(where: { $0.qualifiedName == scope }), typed[0].1.location == own.location {
            return (own, (["self", typed[0].0], 0))
        }
        if typed.count == 2, typed[0].1.location == typed[1].1.location {
            return (typed[0].1, ([typed[0].0, typed[1].0], 0))
        }
        return nil
    }

    /// The allowed pairs of a `switch (from, to)`, the first matching case deciding, as Swift's
    /// switch does: `return true` allows, `return false` forbids, another value allows under it.
    private func rows(of node: SwitchExprSyntax, positions from: Int, stateEnum: EnumCatalog.Enum, file: SwiftSourceFile) -> [MachineSketch.Row] {
        let all = stateEnum.cases.map(\.name)
        var decided: Set<[String]> = []
        var rows: [MachineSketch.Row] = []
        for case .switchCase(let switchCase) in node.cases {
            guard let verdict = Self.verdict(of: switchCase.statements) else { continue }
            let items: [(sources: [String], targets: [String], condition: String?)]
            switch switchCase.label {
            case .default: items = [(all, all, nil)]
            case .case(let label):
                items = label.caseItems.compactMap { item in
                    let positions = CasePattern.positions(of: item.pattern)
                    guard positions.count == 2, let sources = Self.states(positions[from], all: all, in: stateEnum),
                        let targets = Self.states(positions[1 - from], all: all, in: stateEnum)
                    else { return nil }
                    return (sources, targets, item.whereClause?.condition.trimmedText)
                }
            }
            for item in items {
                let guardLabel = [item.condition, verdict.condition].compactMap { $0 }.joined(separator: " && ")
                for source in item.sources {
                    let targets = item.targets.filter { !decided.contains([source, $0]) }
                    if guardLabel.isEmpty { for target in targets { decided.insert([source, target]) } }
                    guard verdict.allows, !targets.isEmpty else { continue }
                    var row = MachineSketch.Row(
                        sources: [source], events: nil, guardLabel: guardLabel.isEmpty ? nil : guardLabel,
                        outcome: .moves(targets: targets, computed: nil), location: file.location(of: switchCase))
                    row.isDirectChange = true
                    rows.append(row)
                }
            }
        }
        return rows
    }

    /// What a case's body answers: `return true`, `return false`, or another expression (a
    /// condition under which the move is allowed).
    private static func verdict(of statements: CodeBlockItemListSyntax) -> (allows: Bool, condition: String?)? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        let value: ExprSyntax?
        if let returned = item.as(ReturnStmtSyntax.self) {
            value = returned.expression
        } else if case .expr(let expression) = item {
            value = expression
        } else {
            value = nil
        }
        guard let value else { return nil }
        if let literal = value.as(BooleanLiteralExprSyntax.self) { return (literal.literal.tokenKind == .keyword(.true), nil) }
        return (true, value.trimmedText)
    }

    /// The states a position names: one case, or every state for `_`.
    private static func states(_ pattern: CasePattern, all: [String], in stateEnum: EnumCatalog.Enum) -> [String]? {
        switch pattern {
        case .any: all
        case .named(let name): stateEnum.case(named: name) != nil ? [name] : nil
        case .other: nil
        }
    }

    /// A table of next states: a dictionary literal whose keys are cases of one enum and whose
    /// values are arrays of its cases, held in a property.
    private func table(_ dictionary: DictionaryExprSyntax, file: SwiftSourceFile) -> MachineSketch? {
        guard case .elements(let elements) = dictionary.content, elements.count >= 2 else { return nil }
        var pairs: [(source: String, targets: [String], location: SourceLocation)] = []
        for element in elements {
            guard let source = CasePattern.caseName(element.key), let array = element.value.as(ArrayExprSyntax.self) else { return nil }
            let targets = array.elements.compactMap { CasePattern.caseName($0.expression) }
            guard targets.count == array.elements.count else { return nil }
            pairs.append((source, targets, file.location(of: element)))
        }
        let names = Set(pairs.flatMap { [$0.source] + $0.targets })
        guard let holder = Self.holder(of: dictionary), Self.namesMoves(holder),
            let stateEnum = module.enums.enums(declaring: names, near: SyntaxScope.typeName(around: dictionary)).first
        else { return nil }
        var sketch = MachineSketch(
            name: holder, style: Self.style, location: file.location(of: dictionary), stateEnum: stateEnum, events: [])
        for pair in pairs {
            // A state the table lists with no next state (`.delivered: []`) ends there by design.
            let outcome: MachineSketch.Outcome = pair.targets.isEmpty ? .refuses : .moves(targets: pair.targets.uniqued(), computed: nil)
            var row = MachineSketch.Row(sources: [pair.source], events: nil, guardLabel: nil, outcome: outcome, location: pair.location)
            row.isDirectChange = true
            sketch.rows.append(row)
        }
        guard sketch.hasTransitions else { return nil }
        sketch.start = module.start(of: stateEnum, scope: nil)
        sketch.directChangeMethod = mover(consulting: String(holder.split(separator: ".").last ?? ""), stateEnum: stateEnum)
        return sketch
    }

    /// The method that makes the moves a test or table allows: one taking a state (`func
    /// transition(to newState: State)`), whose body names the test or table, itself or through
    /// functions that do (`canTransition(to:)` over a protocol's `isStateTransitionAllowed`),
    /// and assigns what it is given (`current = newState`, `self = next`). Code asks for a move
    /// by calling it, so its name is the moves' event.
    private func mover(consulting name: String, stateEnum: EnumCatalog.Enum) -> String? {
        let functions = module.inventory.functions.compactMap { found in
            found.node.body.map { (found: found, names: Set($0.tokens(viewMode: .sourceAccurate).map(\.text))) }
        }
        var consulting: Set<String> = [name]
        for _ in 0..<3 {
            consulting.formUnion(functions.filter { !$0.names.isDisjoint(with: consulting) }.map(\.found.node.name.text))
        }
        return functions.first { candidate in
            let function = candidate.found.node
            let parameters = function.signature.parameterClause.parameters
            guard function.name.text != name, parameters.count == 1, let parameter = parameters.first, let body = function.body,
                !candidate.names.isDisjoint(with: consulting.subtracting([function.name.text]))
            else { return false }
            let type = parameter.type.trimmedText
            let scope = candidate.found.scope
            let taken =
                type == "Self"
                ? module.enums.enums.first { $0.qualifiedName == scope } : module.lookupEnum(type, at: function, in: candidate.found.file)
            guard taken?.location == stateEnum.location else { return false }
            let given = (parameter.secondName ?? parameter.firstName).text
            return body.descendants(of: SequenceExprSyntax.self).contains { sequence in
                let elements = Array(sequence.elements)
                return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) && elements[2].trimmedText == given
            }
        }?.found.node.name.text
    }

    /// Whether a table's name says it holds moves (`allowedTransitions`, `nextStates`, `validMoves`),
    /// as against another relation between cases (`synonyms`, `compatibleModes`).
    private static func namesMoves(_ holder: String) -> Bool {
        let name = (holder.split(separator: ".").last.map(String.init) ?? holder).lowercased()
        return ["transition", "allowed", "next", "valid", "move", "successor", "route"].contains { name.contains($0) }
    }

    /// The property a dictionary literal is the value of, qualified by its type.
    private static func holder(of dictionary: DictionaryExprSyntax) -> String? {
        guard let binding = dictionary.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        let scope = SyntaxScope.typeName(around: dictionary)
        return scope.isEmpty ? name : scope + "." + name
    }
}

extension SwiftMachineStyle {
    /// The moves a type allows, without events: a `canTransition(to:) -> Bool` over `switch
    /// (self, next)`, or a table of next states, `[State: Set<State>]`.
    public static let allowedTransitions = SwiftMachineStyle("allowed-transitions")
}
