import FSMCore
import SwiftSyntax

/// Reads machines written as rows of operators in an array, RxAutomaton's `input | from => to`
/// (with `.any` as a wildcard source, and `| effect` after the row in its effect mappings) and
/// Stated's `Inputs.x | States.a => States.b | sideEffect`, whose states and inputs are `static
/// let`s of a namespace enum rather than cases. Both libraries take the first row that matches,
/// so the rows keep their order.
///
/// The machine starts where `Automaton(state: .a, ...)` or Stated's `StateMachine(initialState:
/// A(), ...)` says.
struct MappingRowsRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.mappingRows

    let module: SwiftModule
    /// The enum declarations by qualified name, and the calls that may give a start state, read
    /// once for all the arrays of rows.
    private let declarations: [String: (declaration: EnumDeclSyntax, file: SwiftSourceFile)]
    private let startCalls: [(call: FunctionCallExprSyntax, file: SwiftSourceFile)]

    private var inventory: SyntaxInventory { module.inventory }

    init(module: SwiftModule) {
        self.module = module
        let inventory = module.inventory
        var declarations: [String: (declaration: EnumDeclSyntax, file: SwiftSourceFile)] = [:]
        for found in inventory.enums {
            let name = (found.scope.isEmpty ? "" : found.scope + ".") + found.node.name.text
            if declarations[name] == nil { declarations[name] = (found.node, found.file) }
        }
        self.declarations = declarations
        // Any call may be a machine's start (`init(initialState:mappings:)`), so every call with
        // two or more arguments is asked, the rarer label first.
        startCalls = inventory.calls.filter { found in
            guard found.node.arguments.count >= 2 else { return false }
            return (found.node.argument("mappings") != nil && found.node.argument("initialState") != nil)
                || (found.node.calledName == "Automaton" && found.node.argument("state") != nil)
        }.map { ($0.node, $0.file) }
    }

    /// One `input | from => to` row: its operands, `nil` for `.any`.
    private struct Mapping {
        let input: ExprSyntax
        let from: ExprSyntax
        let to: ExprSyntax
        let effect: ExprSyntax?
        let location: SourceLocation
    }

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        for (array, file) in inventory.arrays.map({ ($0.node, $0.file) }) {
            let mappings = array.elements.compactMap { Self.mapping($0.expression, file: file) }
            guard !mappings.isEmpty, let sketch = machine(array, mappings: mappings, file: file) else { continue }
            sketches.append(sketch)
        }
        return sketches
    }

    /// `input | from => to`, or `input | from => to | effect`, as an unfolded sequence.
    private static func mapping(_ expression: ExprSyntax, file: SwiftSourceFile) -> Mapping? {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 5 || elements.count == 7 else { return nil }
        let operators = stride(from: 1, to: elements.count, by: 2).map { elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text }
        guard operators == ["|", "=>"] || operators == ["|", "=>", "|"] else { return nil }
        return Mapping(
            input: elements[0], from: elements[2], to: elements[4], effect: elements.count == 7 ? elements[6] : nil,
            location: file.location(of: expression))
    }

    private func machine(_ array: ArrayExprSyntax, mappings: [Mapping], file: SwiftSourceFile) -> MachineSketch? {
        guard let states = namespace(of: mappings.flatMap { [$0.from, $0.to] }, at: array, in: file),
            let inputs = namespace(of: mappings.map(\.input), at: array, in: file)
        else { return nil }
        var sketch = MachineSketch(
            name: array.machineName(orElse: states.enumeration.qualifiedName), style: .mappingRows, location: file.location(of: array),
            stateEnum: states.enumeration, events: inputs.enumeration.cases.map { ($0.name, $0.location) })
        for mapping in mappings {
            guard let target = CasePattern.caseName(mapping.to), target != "any" else {
                sketch.warnings.append(
                    .warning(
                        path: file.path, location: mapping.location.droppingFile,
                        message: "the row's target is not a state syntax can name; the row is left out"))
                continue
            }
            let sources = Self.sources(mapping.from)
            let input = CasePattern.caseName(mapping.input)
            sketch.rows.append(
                MachineSketch.Row(
                    sources: sources.names?.map(states.name),
                    events: input == "any" ? nil : input.map { [inputs.name($0)] }, guardLabel: sources.guardLabel,
                    outcome: .moves(targets: [states.name(target)], computed: nil), location: mapping.location,
                    effects: mapping.effect.map { [Self.effectLabel($0, at: array)] } ?? []))
        }
        guard sketch.hasTransitions else { return nil }
        sketch.start = start(states)
        return sketch
    }

    /// The states a row's from-operand matches: a case; `.any` (`nil`, any state); a predicate
    /// that a literal array's `contains` is (`let canForceLogout: (State) -> Bool = [.loggingIn,
    /// .loggedIn].contains`), followed through its `let`; any other predicate any state, with
    /// the predicate as the row's guard, since syntax cannot tell which states it takes.
    private static func sources(_ operand: ExprSyntax) -> (names: [String]?, guardLabel: String?) {
        if let name = CasePattern.caseName(operand) { return (name == "any" ? nil : [name], nil) }
        let value = SyntaxScope.value(of: operand)
        if let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "contains",
            let array = member.base?.as(ArrayExprSyntax.self)
        {
            let names = array.elements.compactMap { CasePattern.caseName($0.expression) }
            if names.count == array.elements.count, !names.contains("any") { return (names, nil) }
        }
        return (nil, operand.trimmedText + "(state)")
    }

    // MARK: States and inputs

    /// The states or inputs that operands name: the cases of the enum declaring them all, or the
    /// `static let`s of the namespace they are written in (`States.loggedIn`), with the type
    /// each of those is made from (`LoggedInState.slot`), which names it in Stated's initializer.
    private struct Namespace {
        var enumeration: EnumCatalog.Enum
        var madeFrom: [String: String] = [:]
        /// The name the library gives a `static let` (a slot's state type's, an input's string).
        var names: [String: String] = [:]

        func name(_ member: String) -> String { names[member] ?? member }
    }

    private func namespace(of operands: [ExprSyntax], at node: ArrayExprSyntax, in file: SwiftSourceFile) -> Namespace? {
        let names = Set(operands.compactMap(CasePattern.caseName)).subtracting(["any"])
        let bases = Set(operands.compactMap { $0.as(MemberAccessExprSyntax.self)?.base?.trimmedText })
        if bases.count == 1, let base = bases.first, let declared = module.lookupEnum(base, at: node, in: file) {
            if declared.contains(all: names) { return Namespace(enumeration: declared) }
            if let statics = staticMembers(of: declared), names.allSatisfy({ statics.names[$0] != nil }) { return statics }
            return nil
        }
        return module.enums.enums(declaring: names, near: SyntaxScope.typeName(around: node)).first.map { Namespace(enumeration: $0) }
    }

    /// The `static let`s of the enum declaration `declared` names, as its cases.
    private func staticMembers(of declared: EnumCatalog.Enum) -> Namespace? {
        guard let (declaration, file) = declarations[declared.qualifiedName] else { return nil }
        var namespace = Namespace(enumeration: declared)
        var seen: Set<String> = []
        var cases: [EnumCatalog.Case] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            else { continue }
            for binding in variable.bindings {
                guard let member = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let value = binding.initializer?.value
                var name = member
                if let made = value?.as(MemberAccessExprSyntax.self)?.base?.trimmedText {
                    name = Self.stateName(made)
                    namespace.madeFrom[made] = name
                } else if let call = value?.as(FunctionCallExprSyntax.self), call.calledName == "input",
                    let literal = call.argument(nil).flatMap(\.stringLiteralValue)
                {
                    name = literal
                }
                namespace.names[member] = name
                // Two members of one name are one state or input, as the library has them.
                if seen.insert(name).inserted {
                    cases.append(EnumCatalog.Case(name: name, hasAssociatedValues: false, location: file.location(of: binding)))
                }
            }
        }
        namespace.enumeration = EnumCatalog.Enum(qualifiedName: declared.qualifiedName, cases: cases, location: declared.location)
        return namespace
    }

    /// Stated's name for a state type: without a `State` suffix, first letter lowercased.
    private static func stateName(_ type: String) -> String {
        let last = type.split(separator: ".").last.map(String.init) ?? type
        let trimmed = last.hasSuffix("State") && last != "State" ? String(last.dropLast(5)) : last
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }

    /// A side effect's label: the string a `let effect = Stated.SideEffect("label") { ... }` in
    /// the same function gives it, else the expression as written.
    private static func effectLabel(_ effect: ExprSyntax, at node: some SyntaxProtocol) -> String {
        let written = effect.trimmedText
        guard effect.is(DeclReferenceExprSyntax.self) else { return written }
        var current = node.parent
        while let ancestor = current, !ancestor.is(FunctionDeclSyntax.self), !ancestor.is(InitializerDeclSyntax.self) {
            current = ancestor.parent
        }
        guard let body = current else { return written }
        for binding in body.descendants(of: PatternBindingSyntax.self, intoClosures: false)
        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == written {
            if let label = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.argument(nil).flatMap(\.stringLiteralValue) { return label }
        }
        return written
    }

    /// The state `Automaton(state: .a, ...)` or `StateMachine(initialState: A(), ...)` starts in.
    private func start(_ states: Namespace) -> MachineSketch.Start {
        for (call, file) in startCalls {
            if let initial = call.argument("state"), let name = CasePattern.caseName(initial), states.enumeration.case(named: name) != nil {
                return .state(name, file.location(of: initial))
            }
            if let initial = call.argument("initialState"), let made = initial.as(FunctionCallExprSyntax.self)?.calledName,
                let name = states.madeFrom[made]
            {
                return .state(name, file.location(of: initial))
            }
        }
        return .unknown
    }
}

extension SwiftMachineStyle {
    /// Rows of operators in an array: RxAutomaton's `input | from => to` and Stated's
    /// `input | from => to | sideEffect`.
    public static let mappingRows = SwiftMachineStyle("mapping-rows")
}
