import FSMCore
import SwiftSyntax

/// Reads GameplayKit machines: `GKState` subclasses, each saying in `isValidNextState(_:)` which
/// states may follow it (`stateClass is B.Type`, `stateClass == B.self`, `||` chains, `switch
/// stateClass { case is A.Type, is B.Type: return true ... }`, `return true` for any), and the
/// machine a `GKStateMachine(states: [A(...), B()])` call builds from them, in that order. A
/// state class without the override allows every state, as `GKState`'s own does. The machine
/// starts in the first state `enter(A.self)` enters; the event of a transition into `B` is
/// `enter(B)`. A `GKStateMachine` subclass whose initializer calls `super.init(states: [...])`
/// is a machine too, named after the subclass, entered on its instances or in it. The classes
/// usually live one per file, so a machine spans files.
///
/// An `enter(B.self)` that no state of the machine allows (other than the one that starts it)
/// always fails at run time: it is reported as a warning at the call.
struct GameplayKitRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.gameplayKit

    let module: SwiftModule
    var inventory: SyntaxInventory { module.inventory }

    /// One state class and where it is declared, with the `isValidNextState(_:)` it has: its
    /// own, or the one it inherits from a class of the files (`nil`: `GKState`'s, allowing any).
    private struct StateClass {
        let name: String
        let declaration: ClassDeclSyntax
        let file: SwiftSourceFile
        var nextStateTest: (function: FunctionDeclSyntax, file: SwiftSourceFile)?
    }

    /// A way out of a state: the classes it allows (`nil`: any) but those it excludes
    /// (`!(stateClass is B.Type)`), under a condition.
    private struct Allowed {
        var targets: [String]?
        var excluded: [String] = []
        var guardLabel: String?
        var location: SourceLocation
    }

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var classes: [String: StateClass] = [:]
        for found in stateClasses() where classes[found.name] == nil { classes[found.name] = found }
        guard !classes.isEmpty else { return [] }
        let enters = allEnterCalls()
        var sketches: [MachineSketch] = []
        for (call, file) in inventory.calls(named: "GKStateMachine").map({ ($0.node, $0.file) }) + machineSubclassInits() {
            guard let list = call.argument("states").flatMap(Self.arrayLiteral) else { continue }
            // A class listed twice is one state (GKStateMachine keeps one instance per class).
            var listed: Set<String> = []
            let members = list.elements.compactMap { element -> StateClass? in
                guard let name = stateClassName(of: element.expression), listed.insert(name).inserted else { return nil }
                return classes[name]
            }
            guard !members.isEmpty else { continue }
            let owner = SyntaxScope.typeName(around: call)
            let variable = Self.variable(holding: call)
            let gathering = Gathering(
                name: call.calledBase?.is(SuperExprSyntax.self) == true
                    ? owner
                    : variable == call.storedName ? call.machineName(orElse: variable) : owner.isEmpty ? variable : owner + "." + variable,
                location: file.location(of: call), path: file.path, owner: owner, holders: holders(of: call, owner: owner))
            sketches.append(machine(gathering, members: members, enters: enters))
        }
        let gathered = Set(sketches.flatMap { $0.stateEnum.cases.map(\.name) })
        return sketches + unlistedMachines(classes.filter { !gathered.contains($0.key) }, enters: enters)
    }

    /// The class of a state a `GKStateMachine(states:)` list names: made in place (`A(game:
    /// self)`), or held in a local or a property of the type made that way (`let chase =
    /// ChaseState(...)`, `lazy var chase = ChaseState()`, `let chase: ChaseState`).
    private func stateClassName(of element: ExprSyntax) -> String? {
        let value = SyntaxScope.value(of: element)
        if let name = value.as(FunctionCallExprSyntax.self)?.calledName { return name }
        guard var name = element.as(DeclReferenceExprSyntax.self)?.baseName.text ?? element.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return nil }
        if element.as(MemberAccessExprSyntax.self).map({ $0.base?.trimmedText != "self" }) == true { return nil }
        let property = module.propertiesByScope[SyntaxScope.typeName(around: element)]?[name]
        if let made = property?.initializer?.as(FunctionCallExprSyntax.self)?.calledName { return made }
        name = property?.type ?? ""
        return name.isEmpty ? nil : name
    }

    /// The `super.init(states: [...])` calls of `GKStateMachine` subclasses' initializers.
    private func machineSubclassInits() -> [(FunctionCallExprSyntax, SwiftSourceFile)] {
        let subclasses = Set(inventory.classes.filter { Self.superclass(of: $0.node) == "GKStateMachine" }.map(\.node.name.text))
        guard !subclasses.isEmpty else { return [] }
        return inventory.calls(named: "init").filter { found in
            found.node.calledBase?.is(SuperExprSyntax.self) == true && found.node.argument("states") != nil
                && subclasses.contains(String(SyntaxScope.typeName(around: found.node).split(separator: ".").last ?? ""))
        }.map { ($0.node, $0.file) }
    }

    /// The variable the machine a call makes is kept in: the one it is stored in, or the
    /// property a closure that makes it initializes (`lazy var machine: GKStateMachine = {
    /// GKStateMachine(states: [...]) }()`, with the machine returned or stored in a local first).
    private static func variable(holding call: FunctionCallExprSyntax) -> String {
        var current = call.parent
        while let node = current, !node.is(FunctionDeclSyntax.self), !node.is(MemberBlockItemSyntax.self) {
            if let closure = node.as(ClosureExprSyntax.self), let invoked = closure.parent?.as(FunctionCallExprSyntax.self),
                Syntax(invoked.calledExpression).id == Syntax(closure).id, let name = invoked.storedName
            {
                return name
            }
            current = node.parent
        }
        return call.storedName ?? "stateMachine"
    }

    private static func superclass(of declaration: ClassDeclSyntax) -> String? {
        declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedText
    }

    /// Where the machine a call builds is kept: the variable it is stored in and the type that
    /// holds it, or, for a subclass's `super.init(states:)`, `self` in the subclass and every
    /// variable an instance of the subclass is stored in (`let machine = GameMachine(scene: self)`).
    private func holders(of call: FunctionCallExprSyntax, owner: String) -> [(variable: String, owner: String)] {
        guard call.calledBase?.is(SuperExprSyntax.self) == true else { return [(Self.variable(holding: call), owner)] }
        let subclass = String(owner.split(separator: ".").last ?? "")
        return [("self", owner)]
            + inventory.calls(named: subclass).compactMap { made in
                made.node.storedName.map { ($0, SyntaxScope.typeName(around: made.node)) }
            }
    }

    /// The array literal an argument is, or that the local `let` it names holds
    /// (`let states = [A(), B()]` then `GKStateMachine(states: states)`).
    private static func arrayLiteral(_ expression: ExprSyntax) -> ArrayExprSyntax? {
        if let array = expression.as(ArrayExprSyntax.self) { return array }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        var current = expression.parent
        while let node = current, !node.is(CodeBlockSyntax.self) { current = node.parent }
        guard let block = current?.as(CodeBlockSyntax.self) else { return nil }
        for item in block.statements {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let array = binding.initializer?.value.as(ArrayExprSyntax.self) { return array }
            }
        }
        return nil
    }

    /// Every class that subclasses `GKState` directly or through classes of the file set.
    private func stateClasses() -> [StateClass] {
        let declarations = inventory.classes.map { found in
            (
                name: found.node.name.text, superclass: Self.superclass(of: found.node),
                declaration: found.node, file: found.file
            )
        }
        // From GKState down the subclass edges, each class once: linear however long the chains.
        var subclasses: [String: [String]] = [:]
        for entry in declarations { if let superclass = entry.superclass { subclasses[superclass, default: []].append(entry.name) } }
        var stateNames: Set<String> = ["GKState"]
        var pending = ["GKState"]
        while let next = pending.popLast() {
            for subclass in subclasses[next] ?? [] where stateNames.insert(subclass).inserted { pending.append(subclass) }
        }
        let byName = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return declarations.filter { $0.name != "GKState" && stateNames.contains($0.name) }.map { entry in
            var state = StateClass(name: entry.name, declaration: entry.declaration, file: entry.file)
            // Up the superclasses, each once (a cycle of classes is invalid Swift, but may be written).
            var visited: Set<String> = []
            var next: (name: String, superclass: String?, declaration: ClassDeclSyntax, file: SwiftSourceFile)? = entry
            while let current = next, visited.insert(current.name).inserted, state.nextStateTest == nil {
                state.nextStateTest = Self.nextStateTest(of: current.declaration).map { ($0, current.file) }
                next = current.superclass.flatMap { byName[$0] }
            }
            return state
        }
    }

    private static func nextStateTest(of declaration: ClassDeclSyntax) -> FunctionDeclSyntax? {
        declaration.memberBlock.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { $0.name.text == "isValidNextState" }
    }

    /// The machines of the state classes no `GKStateMachine` gathers, when their
    /// `isValidNextState(_:)` bodies name each other: each group of classes linked that way is
    /// one machine (the code that gathers it lies in files not read), named after the superclass
    /// its states share, or else after the file of its first state. A class others subclass is
    /// no state of such a machine; a group with a state that has no test (so allows any) is a
    /// library of states, no machine.
    private func unlistedMachines(_ unlisted: [String: StateClass], enters: [String: [EnterCall]]) -> [MachineSketch] {
        // A superclass the states share is where their common code lives, not a state.
        let superclasses = Set(inventory.classes.compactMap { Self.superclass(of: $0.node) })
        // A state without a test of its own or inherited allows any: a library's building block.
        let classes = unlisted.filter { !superclasses.contains($0.key) }
        var neighbours: [String: Set<String>] = [:]
        for member in classes.values {
            for allowed in allowed(from: member) {
                for target in allowed.targets ?? [] where classes[target] != nil && target != member.name {
                    neighbours[member.name, default: []].insert(target)
                    neighbours[target, default: []].insert(member.name)
                }
            }
        }
        var seen: Set<String> = []
        var machines: [MachineSketch] = []
        let ordered = classes.values.sorted { ($0.file.path, $0.declaration.position) < ($1.file.path, $1.declaration.position) }
        for first in ordered where neighbours[first.name] != nil && seen.insert(first.name).inserted {
            var group = [first.name]
            var pending = [first.name]
            while let next = pending.popLast() {
                for other in neighbours[next] ?? [] where seen.insert(other).inserted {
                    group.append(other)
                    pending.append(other)
                }
            }
            let members = ordered.filter { group.contains($0.name) }
            guard members.allSatisfy({ $0.nextStateTest != nil }) else { continue }
            let parents = Set(members.map { Self.superclass(of: $0.declaration) ?? "" })
            let shared = parents.count == 1 ? parents.first.flatMap { $0 == "GKState" ? nil : $0 } : nil
            let fileName = first.file.path.split(separator: "/").last ?? ""
            let stem = String(fileName.hasSuffix(".swift") ? fileName.dropLast(6) : fileName)
            let gathering = Gathering(
                name: shared ?? stem, location: first.file.location(of: first.declaration.name), path: first.file.path, owner: "",
                holders: nil)
            machines.append(machine(gathering, members: members, enters: enters))
        }
        return machines
    }

    /// How the code gathers a machine's states: its name, where, and the variables that hold it
    /// (`nil` when no code gathers them, so every `enter` of its classes is on it).
    private struct Gathering {
        let name: String
        let location: SourceLocation
        let path: String
        let owner: String
        let holders: [(variable: String, owner: String)]?
    }

    private func machine(_ gathering: Gathering, members: [StateClass], enters all: [String: [EnterCall]]) -> MachineSketch {
        let names = members.map(\.name)
        let owner = gathering.owner
        let stateEnum = EnumCatalog.Enum(
            qualifiedName: gathering.name,
            cases: members.map { EnumCatalog.Case(name: $0.name, hasAssociatedValues: false, location: $0.file.location(of: $0.declaration.name)) },
            location: gathering.location)
        let enters = enterCalls(holders: gathering.holders, members: members, all: all)
        var sketch = MachineSketch(name: stateEnum.qualifiedName, style: .gameplayKit, location: gathering.location, stateEnum: stateEnum, events: [])
        var allowedAnywhere: Set<String> = []
        for member in members {
            for allowed in allowed(from: member) {
                let targets = (allowed.targets ?? names).filter { names.contains($0) && !allowed.excluded.contains($0) }
                allowedAnywhere.formUnion(targets)
                for target in targets {
                    sketch.rows.append(
                        MachineSketch.Row(
                            sources: [member.name], events: [Self.event(target)], guardLabel: allowed.guardLabel,
                            outcome: .moves(targets: [target], computed: nil), location: allowed.location))
                }
            }
        }
        // An event per state some state allows: entering one no state allows is no event, but
        // a call that always fails (reported below).
        sketch.events = members.filter { allowedAnywhere.contains($0.name) }.map { member in
            let first = enters.first { $0.target == member.name }
            return (Self.event(member.name), first?.location ?? member.file.location(of: member.declaration.name))
        }
        // A state's own `enter` (in `didEnter`) is a transition, never the start; code outside the
        // states makes it, or names the class it starts in (`StateComponent(initialState: A.self)`).
        let starting =
            enters.first { $0.scope == owner && !owner.isEmpty }
            ?? enters.first { !names.contains(String($0.scope.split(separator: ".").last ?? "")) }
        if let named = initialClass(among: names) {
            sketch.start = .state(named.name, named.location)
        } else if let starting {
            sketch.start = .state(starting.target, starting.location)
        }
        for enter in enters where enter.location != starting?.location && !allowedAnywhere.contains(enter.target) {
            sketch.warnings.append(
                .warning(
                    path: enter.path, location: enter.locatedInItsFile,
                    message: "enter(\(enter.target).self) always fails: no state of \(sketch.name) allows \(enter.target) as its next state"))
        }
        // A call made where the code has just checked the current state (`if game.currentState
        // is Playing`, `case is Playing`, a state's own method) fails when that state does not
        // allow the target: GameplayKit returns false and stays, which the caller rarely checks.
        for enter in enters where allowedAnywhere.contains(enter.target) {
            guard let current = enter.current, names.contains(current),
                !sketch.rows.contains(where: { $0.sources == [current] && $0.events == [Self.event(enter.target)] })
            else { continue }
            sketch.warnings.append(
                Diagnostic(
                    path: enter.path, location: enter.locatedInItsFile, severity: .error,
                    message:
                        "enter(\(enter.target).self) fails here: the current state is \(current) (\(enter.currentReason)), whose isValidNextState(_:) does not allow \(enter.target); GameplayKit ignores the call and stays in \(current)"
                ))
        }
        return sketch
    }

    private static func event(_ target: String) -> String { "enter(\(target))" }

    /// The state class an argument labelled as the initial one names (`initialState: A.self`),
    /// the first of those that are states of `names`.
    private func initialClass(among names: [String]) -> (name: String, location: SourceLocation)? {
        for found in inventory.calls {
            for argument in found.node.arguments where argument.label?.text.lowercased().contains("initial") == true {
                if let name = Self.classReference(argument.expression), names.contains(name) { return (name, found.file.location(of: argument)) }
            }
        }
        return nil
    }

    // MARK: enter(X.self)

    /// One `enter(X.self)` call: the class, the machine expression it is called on (without
    /// `self.` and `?`), the type it is in, and its place in file order.
    private struct EnterCall {
        let target: String
        let base: String
        let scope: String
        let location: SourceLocation
        /// The file the call is in.
        let path: String
        let order: Int

        /// Where the call is, naming its file: a machine's states span files.
        var locatedInItsFile: SourceLocation {
            var located = location
            located.file = path
            return located
        }
        /// The state class the code around the call has checked is current, and how it says so.
        var current: String?
        var currentReason = ""
    }

    /// Every `enter(X.self)` call of the files, by class, read once for all machines.
    private func allEnterCalls() -> [String: [EnterCall]] {
        var found: [String: [EnterCall]] = [:]
        var order = 0
        for (call, file) in inventory.calls(named: "enter").map({ ($0.node, $0.file) }) {
            // A bare `enter(B.self)` is a `GKStateMachine` subclass entering a state of its own.
            guard let target = Self.classReference(call.argument(nil)) else { continue }
            var base = call.calledBase?.trimmedText ?? "self"
            while base.hasSuffix("?") || base.hasSuffix("!") { base.removeLast() }
            if base.hasPrefix("self.") { base.removeFirst(5) }
            order += 1
            var enter = EnterCall(
                target: target, base: base, scope: SyntaxScope.typeName(around: call), location: file.location(of: call), path: file.path,
                order: order)
            if let (current, reason) = Self.checkedState(around: call, machine: base) {
                enter.current = current
                enter.currentReason = reason
            } else if base == "stateMachine", let method = SyntaxScope.function(around: call), let owner = enter.scope.split(separator: ".").last {
                // A state's own method (`didEnter`, `update`, a handler of its own) runs on the
                // state that is current: its `enter` asks that state's `isValidNextState`.
                enter.current = String(owner)
                enter.currentReason = "the call is in \(owner)'s own method \(method.name.text)"
            }
            found[target, default: []].append(enter)
        }
        return found
    }

    /// The `enter(X.self)` calls on this machine, in file order: on its variable in the type that
    /// owns it (or through another value, `game.stateMachine`), and on the `stateMachine` every
    /// state class has.
    private func enterCalls(
        holders: [(variable: String, owner: String)]?, members: [StateClass], all: [String: [EnterCall]]
    ) -> [EnterCall] {
        let memberNames = Set(members.map(\.name))
        return memberNames.flatMap { all[$0] ?? [] }.filter { enter in
            guard let holders else { return true }
            let inState = memberNames.contains(String(enter.scope.split(separator: ".").last ?? "")) && enter.base == "stateMachine"
            return inState
                || holders.contains { holder in
                    (enter.base == holder.variable && enter.scope == holder.owner)
                        || (holder.variable != "self" && enter.base.hasSuffix("." + holder.variable))
                }
        }.sorted { $0.order < $1.order }
    }

    /// The state class that the code around `call` checks is the current one of `machine`:
    /// the innermost `if machine.currentState is B` whose body holds the call, or `case is B`
    /// of a `switch machine.currentState`.
    private static func checkedState(around call: FunctionCallExprSyntax, machine: String) -> (String, String)? {
        var child = Syntax(call)
        var current = call.parent
        while let parent = current, !parent.is(FunctionDeclSyntax.self), !parent.is(ClosureExprSyntax.self) {
            if let ifExpression = parent.as(IfExprSyntax.self), child.id == ifExpression.body.id {
                for element in ifExpression.conditions {
                    if case .expression(let expression) = element.condition, let name = testedCurrentState(expression, machine: machine) {
                        return (name, "the `if \(expression.trimmedText)` around it")
                    }
                }
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), case .case(let label) = switchCase.label, label.caseItems.count == 1,
                let subject = switchCase.parent?.parent?.as(SwitchExprSyntax.self)?.subject, Self.isCurrentState(subject, of: machine),
                let pattern = label.caseItems.first?.pattern.as(IsTypePatternSyntax.self)
            {
                let name = pattern.type.as(MetatypeTypeSyntax.self)?.baseType.trimmedText ?? pattern.type.trimmedText
                return (name, "the `case is \(name)` around it")
            }
            child = parent
            current = parent.parent
        }
        return nil
    }

    /// `B` for `machine.currentState is B` (or `is B.Type`).
    private static func testedCurrentState(_ expression: ExprSyntax, machine: String) -> String? {
        if let cast = expression.as(IsExprSyntax.self), isCurrentState(cast.expression, of: machine) {
            return cast.type.as(MetatypeTypeSyntax.self)?.baseType.trimmedText ?? cast.type.trimmedText
        }
        guard let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            elements[1].is(UnresolvedIsExprSyntax.self), isCurrentState(elements[0], of: machine),
            let type = elements[2].as(TypeExprSyntax.self)?.type
        else { return nil }
        return type.as(MetatypeTypeSyntax.self)?.baseType.trimmedText ?? type.trimmedText
    }

    /// Whether `expression` is `machine.currentState` (with `self.`, `?` or `!` as written).
    private static func isCurrentState(_ expression: ExprSyntax, of machine: String) -> Bool {
        var text = expression.trimmedText.filter { $0 != "?" && $0 != "!" }
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text == machine + ".currentState"
    }

    /// `B` for `B.self`.
    private static func classReference(_ expression: ExprSyntax?) -> String? {
        guard let member = expression?.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
            let base = member.base
        else { return nil }
        return base.trimmedText
    }

    // MARK: isValidNextState(_:)

    /// The ways out of a state class by its `isValidNextState(_:)`, or any state without one.
    private func allowed(from member: StateClass) -> [Allowed] {
        guard let (override, file) = member.nextStateTest, let body = override.body,
            let parameter = override.signature.parameterClause.parameters.first
        else {
            return [Allowed(targets: nil, guardLabel: nil, location: member.file.location(of: member.declaration.name))]
        }
        let reader = NextStateReader(
            file: file, parameter: (parameter.secondName ?? parameter.firstName).text, result: Self.resultVariable(of: body.statements))
        return reader.allowed(in: body.statements, conditions: [])
    }

    /// The local variable a body computes its result in and returns at its end (`let
    /// isValidNextState: Bool`, assigned in each case, then `return isValidNextState`).
    private static func resultVariable(of statements: CodeBlockItemListSyntax) -> String? {
        guard let returned = statements.last?.item.as(ReturnStmtSyntax.self)?.expression?.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        let declared = statements.contains { item in
            item.item.as(VariableDeclSyntax.self)?.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == returned } == true
        }
        return declared ? returned : nil
    }

    /// Reads the returns of `isValidNextState(_:)` as the classes they allow.
    private struct NextStateReader {
        let file: SwiftSourceFile
        let parameter: String
        /// The local variable that holds the result until the body returns it: assigning it is
        /// returning the value, and its declared first value is what is returned otherwise.
        var result: String?

        func allowed(in statements: CodeBlockItemListSyntax, conditions: [String]) -> [Allowed] {
            var found: [Allowed] = []
            var conditions = conditions
            for item in statements {
                if let result, let value = Self.assigned(to: result, in: item.item) {
                    found += allowed(returning: value, conditions: conditions)
                } else if let result, let declaration = item.item.as(VariableDeclSyntax.self) {
                    for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == result {
                        if let value = binding.initializer?.value { found += allowed(returning: value, conditions: conditions) }
                    }
                } else if let returned = item.item.as(ReturnStmtSyntax.self)?.expression {
                    if result == nil || returned.as(DeclReferenceExprSyntax.self)?.baseName.text != result {
                        found += allowed(returning: returned, conditions: conditions)
                    }
                } else if statements.count == 1, let expression = item.item.as(ExprSyntax.self) {
                    // A single expression is the function's implicit result.
                    found += allowed(returning: expression, conditions: conditions)
                } else if let ifExpression = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                    ?? item.item.as(IfExprSyntax.self)
                {
                    let (classes, others) = tested(ifExpression.conditions)
                    let inner = others.isEmpty ? conditions : conditions + [others.joined(separator: " && ")]
                    found += allowed(in: ifExpression.body.statements, conditions: inner).map { narrowed($0, to: classes) }
                    if case .codeBlock(let block)? = ifExpression.elseBody {
                        found += allowed(in: block.statements, conditions: conditions + ["!(\(ifExpression.conditions.trimmedText))"])
                    }
                    if classes == nil { conditions.append("!(\(ifExpression.conditions.trimmedText))") }
                } else if let switchExpression = Self.switchOnParameter(item.item, parameter) {
                    found += allowed(in: switchExpression, conditions: conditions)
                }
            }
            return found
        }

        private func allowed(in node: SwitchExprSyntax, conditions: [String]) -> [Allowed] {
            var found: [Allowed] = []
            for case .switchCase(let switchCase) in node.cases {
                guard case .case(let label) = switchCase.label else {
                    found += allowed(in: switchCase.statements, conditions: conditions)
                    continue
                }
                var classes: [String] = []
                for item in label.caseItems {
                    guard let pattern = item.pattern.as(IsTypePatternSyntax.self), let name = Self.className(pattern.type) else { continue }
                    classes.append(name)
                }
                guard !classes.isEmpty else { continue }
                found += allowed(in: switchCase.statements, conditions: conditions).map { narrowed($0, to: classes) }
            }
            return found
        }

        /// What `return value` allows: `true` any state, `false` none, class tests the classes.
        private func allowed(returning value: ExprSyntax, conditions: [String]) -> [Allowed] {
            let location = file.location(of: value)
            if let literal = value.as(BooleanLiteralExprSyntax.self) {
                guard literal.literal.tokenKind == .keyword(.true) else { return [] }
                return [Allowed(targets: nil, guardLabel: Self.label(conditions), location: location)]
            }
            var found: [Allowed] = []
            for disjunct in Self.split(value, on: "||") {
                var classes: [String] = []
                var excluded: [String] = []
                var others: [String] = []
                for conjunct in Self.split(disjunct, on: "&&") {
                    if let names = listedClasses(conjunct) {
                        classes += names
                    } else if let name = testedClass(conjunct) {
                        classes.append(name)
                    } else if let name = excludedClass(conjunct) {
                        excluded.append(name)
                    } else {
                        others.append(conjunct.trimmedText)
                    }
                }
                guard !classes.isEmpty || !excluded.isEmpty else { continue }
                found.append(
                    Allowed(
                        targets: classes.isEmpty ? nil : classes, excluded: excluded, guardLabel: Self.label(conditions + others),
                        location: location))
            }
            // A condition that tests no class (`return game.lives == 0` in `case is B.Type:`)
            // allows whatever the branch it is in allows, when it holds.
            if found.isEmpty {
                found.append(Allowed(targets: nil, guardLabel: Self.label(conditions + [value.trimmedText]), location: location))
            }
            return found
        }

        /// The `if` conditions that test the class, and the others as guard text.
        private func tested(_ conditions: ConditionElementListSyntax) -> (classes: [String]?, others: [String]) {
            var classes: [String]?
            var others: [String] = []
            for element in conditions {
                // `stateClass is A.Type || stateClass is B.Type` allows either class.
                if case .expression(let expression) = element.condition {
                    let names = Self.split(expression, on: "||").map(testedClass)
                    if names.allSatisfy({ $0 != nil }) {
                        let allowed = names.compactMap { $0 }
                        classes = classes.map { $0.filter(allowed.contains) } ?? allowed
                        continue
                    }
                }
                if case .expression(let expression) = element.condition, let name = testedClass(expression) {
                    classes = (classes ?? []) + [name]
                } else {
                    others.append(element.condition.trimmedText)
                }
            }
            return (classes, others)
        }

        private func narrowed(_ allowed: Allowed, to classes: [String]?) -> Allowed {
            guard let classes else { return allowed }
            var narrowed = allowed
            narrowed.targets = allowed.targets.map { $0.filter(classes.contains) } ?? classes
            return narrowed
        }

        /// `B` for `stateClass is B.Type`, `stateClass == B.self` or `B.self == stateClass`.
        private func testedClass(_ expression: ExprSyntax) -> String? {
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                return testedClass(only.expression)
            }
            if let cast = expression.as(IsExprSyntax.self), cast.expression.trimmedText == parameter {
                return Self.className(cast.type)
            }
            guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
            let elements = Array(sequence.elements)
            guard elements.count == 3 else { return nil }
            if elements[1].is(UnresolvedIsExprSyntax.self), elements[0].trimmedText == parameter,
                let type = elements[2].as(TypeExprSyntax.self)
            {
                return Self.className(type.type)
            }
            guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { return nil }
            if elements[0].trimmedText == parameter { return GameplayKitRecognizer.classReference(elements[2]) }
            if elements[2].trimmedText == parameter { return GameplayKitRecognizer.classReference(elements[0]) }
            return nil
        }

        /// `[A, B]` for a list of classes that holds the parameter: `[A.self, B.self].contains {
        /// $0 == stateClass }` (or `contains(where:)`), or `[ObjectIdentifier(A.self),
        /// ObjectIdentifier(B.self)].contains(ObjectIdentifier(stateClass))`.
        private func listedClasses(_ expression: ExprSyntax) -> [String]? {
            guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "contains", let array = member.base?.as(ArrayExprSyntax.self), !array.elements.isEmpty
            else { return nil }
            let listed: [String?]
            if let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) {
                guard call.arguments.count + (call.trailingClosure == nil ? 0 : 1) == 1, closure.statements.count == 1,
                    let body = closure.statements.first.flatMap({ Self.expression(of: $0.item) }), comparesElement(body)
                else { return nil }
                listed = array.elements.map { GameplayKitRecognizer.classReference($0.expression) }
            } else {
                guard call.arguments.count == 1, let argument = call.arguments.first?.expression,
                    Self.identifierOf(argument).map({ $0.trimmedText == parameter }) == true
                else { return nil }
                listed = array.elements.map { Self.identifierOf($0.expression).flatMap(GameplayKitRecognizer.classReference) }
            }
            let names = listed.compactMap { $0 }
            return names.count == listed.count ? names : nil
        }

        /// Whether `body` is `$0 == stateClass` or `stateClass == $0`.
        private func comparesElement(_ body: ExprSyntax) -> Bool {
            guard let sequence = body.as(SequenceExprSyntax.self) else { return false }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { return false }
            let sides = Set([elements[0].trimmedText, elements[2].trimmedText])
            return sides == ["$0", parameter]
        }

        /// `x` for `ObjectIdentifier(x)`.
        private static func identifierOf(_ expression: ExprSyntax) -> ExprSyntax? {
            guard let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedText == "ObjectIdentifier",
                call.arguments.count == 1
            else { return nil }
            return call.arguments.first?.expression
        }

        private static func expression(of item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
            switch item {
            case .expr(let value): value
            case .stmt(let statement): statement.as(ReturnStmtSyntax.self)?.expression ?? statement.as(ExpressionStmtSyntax.self)?.expression
            default: nil
            }
        }

        /// `B` for `!(stateClass is B.Type)`, `!(stateClass == B.self)` or `stateClass != B.self`.
        private func excludedClass(_ expression: ExprSyntax) -> String? {
            if let negation = expression.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
                return testedClass(negation.expression)
            }
            guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "!=" else { return nil }
            if elements[0].trimmedText == parameter { return GameplayKitRecognizer.classReference(elements[2]) }
            if elements[2].trimmedText == parameter { return GameplayKitRecognizer.classReference(elements[0]) }
            return nil
        }

        /// `B` for the type `B.Type`.
        private static func className(_ type: TypeSyntax) -> String? {
            guard let metatype = type.as(MetatypeTypeSyntax.self) else { return nil }
            return metatype.baseType.trimmedText
        }

        /// The operands of a chain of `operator` at the top of an expression (the expression
        /// itself when there is no such operator).
        private static func split(_ expression: ExprSyntax, on operator: String) -> [ExprSyntax] {
            guard let sequence = expression.as(SequenceExprSyntax.self) else { return [expression] }
            var groups: [[ExprSyntax]] = [[]]
            for element in sequence.elements {
                if element.as(BinaryOperatorExprSyntax.self)?.operator.text == `operator` {
                    groups.append([])
                } else {
                    groups[groups.count - 1].append(element)
                }
            }
            return groups.map { group in
                group.count == 1 ? group[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(group)))
            }
        }

        /// The value `item` assigns to `variable` (`isValidNextState = true`).
        private static func assigned(to variable: String, in item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
            let expression = item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
            guard let elements = expression?.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
                elements[1].is(AssignmentExprSyntax.self), elements[0].trimmedText == variable
            else { return nil }
            return elements[2]
        }

        private static func switchOnParameter(_ item: CodeBlockItemSyntax.Item, _ parameter: String) -> SwitchExprSyntax? {
            let found = ReducerReading.switchExpression(item)
            return found?.subject.trimmedText == parameter ? found : nil
        }

        private static func label(_ conditions: [String]) -> String? {
            conditions.isEmpty ? nil : conditions.joined(separator: " && ")
        }
    }
}

extension SwiftMachineStyle {
    /// GameplayKit: `GKState` subclasses allowing their next states in `isValidNextState(_:)`,
    /// gathered by `GKStateMachine(states:)`.
    public static let gameplayKit = SwiftMachineStyle("gameplaykit")
}
