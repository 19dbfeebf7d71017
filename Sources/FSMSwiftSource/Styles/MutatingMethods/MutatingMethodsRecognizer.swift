import FSMCore
import SwiftSyntax

/// Reads SwiftNIO-style machines: a type that keeps its state in a property of an enum type and
/// changes it in its methods, each method an event (`mutating func channelActive()`), switching
/// on `self.state` and assigning the next one; `throw` and `preconditionFailure` branches refuse
/// the event. The methods of the type's extensions in other files count too.
struct MutatingMethodsRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.mutatingMethods

    let module: SwiftModule
    /// The non-static methods of each type, by the type's qualified name, found in one walk.
    private let methodsByType: [String: [(file: SwiftSourceFile, function: FunctionDeclSyntax)]]

    init(module: SwiftModule) {
        self.module = module
        var functions: [String: [(file: SwiftSourceFile, function: FunctionDeclSyntax)]] = [:]
        // A function declared inside another one (`func doClose()` in `initiateClose`) is no method.
        for found in module.inventory.functions where !found.node.isStatic && !found.isLocal {
            functions[found.scope, default: []].append((found.file, found.node))
        }
        methodsByType = functions
    }

    /// Every machine the module's types hold, claiming the switches it read.
    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        let functions = methodsByType
        var sketches: [MachineSketch] = []
        for property in module.properties where !property.isLocal && !property.scope.isEmpty {
            guard let type = property.type, property.name.namesAState || type.namesAState,
                let stateEnum = module.enums.lookup(type, in: property.scope, file: property.location.file),
                let methods = functions[property.scope]
            else { continue }
            var sketch = MachineSketch(
                name: property.name == "state" ? property.scope : property.scope + "." + property.name,
                style: .mutatingMethods, location: property.location, stateEnum: stateEnum, events: [])
            var claims: [SyntaxIdentifier] = []
            var callbacks: Set<SourceLocation> = []
            let factories = HolderFactories(scope: property.scope, property: property.name, in: module)
            let predicates = StatePredicates(holder: property.scope, variables: property.references, stateEnum: stateEnum, in: module)
            sketch.start = module.start(of: stateEnum, scope: property.scope, property: property.name)
            read(
                methods, into: &sketch, variables: property.references, factories: factories, predicates: predicates, claims: &claims,
                callbacks: &callbacks)
            guard sketch.hasTransitions, !Self.onlyPassesValuesOn(sketch),
                Self.saysState(property.name) || Self.saysState(type) || Self.movesFromATestedState(sketch)
            else { continue }
            sketch.unreadChanges = unreadChanges(
                of: sketch, in: property.scope, variables: property.references, factories: factories, read: callbacks)
            // Every switch in the machine's methods is read as part of it, not as a machine of its own.
            claimed.formUnion(claims)
            sketches.append(sketch)
        }
        return sketches
    }

    /// Every enum that is its own state: its mutating methods switch on `self` and assign it,
    /// each an event. Read after the other styles, so a method whose switch one of them read
    /// (`switch (self, event)` as a transition function) stays theirs.
    func enumMachines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        for stateEnum in module.enums.enums {
            let methods = (methodsByType[stateEnum.qualifiedName] ?? []).filter { method in
                method.function.isMutating
                    && !(method.function.body?.descendants(of: SwitchExprSyntax.self, intoClosures: false).contains { claimed.contains($0.id) } ?? false)
            }
            guard !methods.isEmpty else { continue }
            var sketch = MachineSketch(
                name: stateEnum.qualifiedName, style: .mutatingMethods, location: stateEnum.location, stateEnum: stateEnum, events: [])
            var claims: [SyntaxIdentifier] = []
            var callbacks: Set<SourceLocation> = []
            let predicates = StatePredicates(holder: stateEnum.qualifiedName, variables: ["self"], stateEnum: stateEnum, in: module)
            read(methods, into: &sketch, variables: ["self"], predicates: predicates, claims: &claims, callbacks: &callbacks)
            guard Self.isMachine(sketch) else { continue }
            sketch.start = module.start(of: stateEnum, scope: nil)
            claimed.formUnion(claims)
            sketches.append(sketch)
        }
        return sketches
    }

    /// Whether the name says `state` in so many words, so that any change of it is a machine's;
    /// the other words (`mode`, `status`) also name settings, whose machine must test the state.
    private static func saysState(_ name: String) -> Bool {
        name.camelCaseWords.contains("state")
    }

    /// Whether an enum's own methods make a machine rather than a setter or a copy-on-write
    /// helper: a method that moves it from states it tests (`switch self`, `guard case`) to
    /// another case, or two methods that move it at all.
    private static func isMachine(_ sketch: MachineSketch) -> Bool {
        let movingEvents = sketch.rows.compactMap { row in if case .moves = row.outcome { row.events?.first } else { nil } }
        return movesFromATestedState(sketch) || Set(movingEvents).count >= 2
    }

    /// Whether every change only stores a value it is given, from any state (`func
    /// updateView(forState state: State) { currentState = state }`): a setting, whatever its name.
    private static func onlyPassesValuesOn(_ sketch: MachineSketch) -> Bool {
        sketch.rows.allSatisfy { row in
            guard row.sources == nil else { return false }
            guard case .moves(let targets, let computed) = row.outcome else { return true }
            return computed != nil && targets.count == sketch.stateEnum.cases.count
        }
    }

    /// Whether a row moves from states the code tested (or entered before an `await`) to
    /// another case: what tells a machine from a setting that any method may set.
    private static func movesFromATestedState(_ sketch: MachineSketch) -> Bool {
        sketch.rows.contains { row in
            guard case .moves(let targets, _) = row.outcome, let sources = row.sources else { return false }
            return !Set(targets).isSubset(of: sources)
        }
    }

    /// The state enum's own mutating methods, which a holder may hand its event to.
    private func ownMutatingMethods(of stateEnum: EnumCatalog.Enum) -> [(file: SwiftSourceFile, function: FunctionDeclSyntax)] {
        (methodsByType[stateEnum.qualifiedName] ?? []).filter(\.function.isMutating)
    }

    /// The methods of `methods` that call a closure parameter with the state as `inout`
    /// (`body(&self.state)`), lending it to the closure for the call.
    private static func lenders(among methods: [(file: SwiftSourceFile, function: FunctionDeclSyntax)], variables: Set<String>) -> Set<String> {
        var names: Set<String> = []
        for method in methods {
            let parameters = Set(method.function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            let lends = method.function.body?.descendants(of: FunctionCallExprSyntax.self, intoClosures: false).contains { call in
                guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, parameters.contains(callee) else { return false }
                return call.arguments.contains { argument in
                    argument.expression.as(InOutExprSyntax.self).map { variables.contains($0.expression.trimmedText) } ?? false
                }
            }
            if lends == true { names.insert(method.function.name.text) }
        }
        return names
    }

    /// The assignments to the state in `scope`'s methods and initializers that the machine's
    /// transitions do not account for: those inside a closure (`closeFuture.whenComplete { _ in
    /// self.state = .closed }`) other than those at `read`, which the methods' rows hold as
    /// their callbacks' changes; such a closure runs later from whatever state is current then.
    /// And those of a case no transition enters (SwiftNIO's `.modifying` placeholder, replaced
    /// before the method returns). The states they enter may still be reached, and left.
    private func unreadChanges(
        of sketch: MachineSketch, in scope: String, variables: Set<String>, factories: HolderFactories, read: Set<SourceLocation>
    ) -> [MachineSemantics.UnreadChange] {
        // An initializer's own assignments set the start, and only its closures change the state later.
        let bodies: [(file: SwiftSourceFile, body: CodeBlockSyntax, isInitializer: Bool)] =
            (methodsByType[scope] ?? []).compactMap { method in method.function.body.map { (method.file, $0, false) } }
            + module.inventory.initializers.filter { $0.scope == scope }.compactMap { found in found.node.body.map { (found.file, $0, true) } }
        guard let first = bodies.first?.file else { return [] }
        var scanner = BranchScanner(file: first, stateEnum: sketch.stateEnum, stateVariables: variables, returnsNextState: false)
        scanner.lenders = Self.lenders(among: methodsByType[scope] ?? [], variables: variables)
        scanner.factories = factories
        let entered = sketch.enteredStates
        var changes: [MachineSemantics.UnreadChange] = []
        for (file, body, isInitializer) in bodies {
            for sequence in body.descendants(of: SequenceExprSyntax.self).map(ExprSyntax.init) + scanner.sends(in: body) {
                guard let value = scanner.assignedValue(.expr(sequence)) else { continue }
                let name = CasePattern.caseName(value).flatMap { sketch.stateEnum.case(named: $0)?.name }
                let reason: String
                if Self.runsLater(sequence, below: body, scanner: scanner) {
                    guard !read.contains(file.location(of: sequence)) else { continue }
                    reason = "in a closure that runs later"
                } else if let name, !entered.contains(name), !isInitializer {
                    reason = "where no transition it reads enters that state (a placeholder replaced before the method returns)"
                } else {
                    continue
                }
                changes.append(.init(location: file.location(of: sequence), target: name.map { StateID($0) }, reason: reason))
            }
            changes += unreadOwnMethodCalls(in: body, file: file, variables: variables, stateEnum: sketch.stateEnum, scanner: scanner)
        }
        return changes
    }

    /// The calls of the state enum's own mutating methods that the machine's rows do not take in
    /// (`newState.closeIfNeeded(state)` on a lent state, a call inside a callback): each case the
    /// method assigns is a change it may make.
    private func unreadOwnMethodCalls(
        in body: CodeBlockSyntax, file: SwiftSourceFile, variables: Set<String>, stateEnum: EnumCatalog.Enum, scanner: BranchScanner
    ) -> [MachineSemantics.UnreadChange] {
        let own = ownMutatingMethods(of: stateEnum)
        guard !own.isEmpty else { return [] }
        var changes: [MachineSemantics.UnreadChange] = []
        for call in body.descendants(of: FunctionCallExprSyntax.self) {
            guard let base = call.calledBase?.trimmedText, let name = call.calledName,
                let method = own.first(where: { $0.function.name.text == name })
            else { continue }
            // Called on the state itself, outside a closure, the method's rows are the event's.
            let later = Self.runsLater(call, below: body, scanner: scanner)
            if variables.contains(base), !later { continue }
            guard later || Self.isLentParameter(base, at: call, scanner: scanner) else { continue }
            let inMethod = BranchScanner(file: method.file, stateEnum: stateEnum, stateVariables: ["self"], returnsNextState: false)
            let assigned =
                method.function.body?.descendants(of: SequenceExprSyntax.self).compactMap { sequence -> String? in
                    inMethod.assignedValue(.expr(ExprSyntax(sequence))).flatMap(CasePattern.caseName).flatMap { stateEnum.case(named: $0)?.name }
                } ?? []
            let reason = later ? "in a closure that runs later" : "through its own method \(name), which fsmviz does not follow there"
            changes += assigned.uniqued().map { .init(location: file.location(of: call), target: StateID($0), reason: reason) }
        }
        return changes
    }

    /// Whether `name` is the parameter a lender's closure around `node` gives the state.
    private static func isLentParameter(_ name: String, at node: some SyntaxProtocol, scanner: BranchScanner) -> Bool {
        var current = node.parent
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self), scanner.lends(closure), closure.parameterNames.first == name {
                return true
            }
            current = parent.parent
        }
        return false
    }

    /// Whether `node` is inside a closure below `body` that is not lent the state (lent
    /// closures run in their call and are read as part of its method).
    private static func runsLater(_ node: some SyntaxProtocol, below body: CodeBlockSyntax, scanner: BranchScanner) -> Bool {
        var current = node.parent
        while let parent = current, parent.id != body.id {
            if let closure = parent.as(ClosureExprSyntax.self), !scanner.lends(closure) { return true }
            current = parent.parent
        }
        return false
    }

    /// The private methods among `events` that no method of `methods` calls and an initializer
    /// of their type does, itself or in a task it starts (`init() { Task { await self.warmUp()
    /// } }`): they run once, from the state the machine starts in, not from any. A call in a
    /// handler the initializer stores or subscribes (`hotkey.onPress = { self.begin() }`) runs
    /// whenever that fires, as a method's call would.
    private func calledOnlyByInitializers(
        _ events: [(file: SwiftSourceFile, function: FunctionDeclSyntax)], among methods: [(file: SwiftSourceFile, function: FunctionDeclSyntax)]
    ) -> Set<String> {
        let candidates = Set(events.filter { $0.function.isPrivate }.map(\.function.name.text))
        guard !candidates.isEmpty, let scope = methods.first.map({ SyntaxScope.typeName(around: $0.function) }) else { return [] }
        var anywhere: Set<String> = []
        var once: Set<String> = []
        let bodies =
            methods.compactMap { $0.function.body.map(Syntax.init) }.map { ($0, false) }
            + module.inventory.initializers.filter { $0.scope == scope }.compactMap { $0.node.body.map(Syntax.init) }.map { ($0, true) }
        for (body, isInitializer) in bodies {
            for call in body.descendants(of: FunctionCallExprSyntax.self) {
                guard let name = InlinedMethods.calledOnSelf(call), candidates.contains(name) else { continue }
                if isInitializer, Self.runsOnce(call) { once.insert(name) } else { anywhere.insert(name) }
            }
        }
        return once.subtracting(anywhere)
    }

    /// Whether a call in an initializer runs once: as the initializer runs, or in a task it starts.
    private static func runsOnce(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current, !node.is(InitializerDeclSyntax.self) {
            if let closure = node.as(ClosureExprSyntax.self) {
                guard let starter = closure.parent?.as(FunctionCallExprSyntax.self), ["Task", "detached"].contains(starter.calledName ?? "")
                else { return false }
            }
            current = node.parent
        }
        return true
    }

    /// Whether a loop in `node`, or in a method read in place that it calls, changes the state.
    private static func loopsChangingState(in node: some SyntaxProtocol, scanner: BranchScanner, depth: Int = 4) -> Bool {
        let loops: [Syntax] =
            node.descendants(of: RepeatStmtSyntax.self).map(Syntax.init) + node.descendants(of: WhileStmtSyntax.self).map(Syntax.init)
            + node.descendants(of: ForStmtSyntax.self).map(Syntax.init)
        if loops.contains(where: { !scanner.assignments(in: $0).isEmpty }) { return true }
        guard depth > 0 else { return false }
        return node.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard let method = scanner.inlined.method(calledBy: call), let body = method.function.body else { return false }
            return loopsChangingState(in: body, scanner: scanner, depth: depth - 1)
        }
    }

    /// `rows` as they run from the start, where the start is one known state: a row from any
    /// state is from the start; one from the states it resumed in or tested keeps them.
    private static func fromStart(_ rows: [MachineSketch.Row], start: MachineSketch.Start) -> [MachineSketch.Row] {
        guard case .state(let initial, _) = start else { return rows }
        return rows.map { row in
            var row = row
            row.sources = row.sources ?? [initial]
            return row
        }
    }

    /// Where the changes of state that `exits` read in callbacks are.
    private static func callbackChanges(_ exits: [BranchScanner.Exit]) -> [SourceLocation] {
        exits.filter { exit in exit.isCallback && exit.outcome != .refuses }.map(\.location)
    }

    /// Reads each of `methods` as an event of `sketch`, whose state is in `variables` (and made
    /// by `factories` where a method replaces the holder, and tested by `predicates`). Where the
    /// callbacks' changes it read are goes into `callbacks`.
    private func read(
        _ methods: [(file: SwiftSourceFile, function: FunctionDeclSyntax)], into sketch: inout MachineSketch,
        variables: Set<String>, factories: HolderFactories? = nil, predicates: StatePredicates, claims: inout [SyntaxIdentifier],
        callbacks: inout Set<SourceLocation>
    ) {
        let stateEnum = sketch.stateEnum
        guard let first = methods.first else { return }
        var template = BranchScanner(file: first.file, stateEnum: stateEnum, stateVariables: variables, returnsNextState: false)
        template.factories = factories
        template.predicates = predicates
        template.lenders = Self.lenders(among: methods, variables: variables)
        // A lender's own assignment is a placeholder for what its closure assigns, which the
        // closure is read for; a dispatcher is the event its callers hand on. Either may
        // still call a method that is read in place.
        let inPlace = methods.filter { !template.lenders.contains($0.function.name.text) && !dispatches($0, stateEnum: stateEnum) }
        template.inlined = InlinedMethods(inPlace, calledBy: methods, scanner: template)
        claims += template.inlined.switches
        let events = methods.filter { !template.inlined.readsInPlace($0.function) }
        // Overloads are different methods, so different events (`send(metadata:)` and
        // `send(message:)`): one name for both would read the second's rows as shadowed.
        let changing = events.filter { method in
            var scanner = template
            scanner.file = method.file
            return method.function.body.map { !scanner.assignments(in: $0).isEmpty || scanner.setsUpCallback(in: $0) } ?? false
        }
        let overloaded = Set(Dictionary(grouping: changing, by: { $0.function.name.text }).filter { $0.value.count > 1 }.keys)
        let startOnly = calledOnlyByInitializers(events, among: methods)
        for method in events {
            var scanner = template
            scanner.file = method.file
            scanner.inlined = template.inlined.reading(method.function)
            guard let body = method.function.body else { continue }
            let delegated = delegatedRows(of: body, scanner: scanner, claims: &claims)
            let own = rows(of: body, scanner: scanner, claims: &claims, callbacks: &callbacks)
            // A method whose change no way out reaches (a call in a `while` condition) is no
            // event: declared with no row that moves or refuses, it would be reported as never
            // firing.
            guard var rows = own.map({ $0 + delegated }) ?? (delegated.isEmpty ? nil : delegated), rows.contains(where: { $0.outcome != .stays })
            else { continue }
            if startOnly.contains(method.function.name.text) {
                // A loop that changes the state runs its body again from the states it left, and
                // a callback the step sets up runs whenever it fires: the rows from any state
                // already stand for both.
                if !Self.loopsChangingState(in: body, scanner: scanner), !scanner.setsUpCallback(in: body) {
                    rows = Self.fromStart(rows, start: sketch.start)
                }
            }
            // A method that switches on an event it is given (`func handle(_ event: Event)`)
            // is a dispatcher: the event enum's cases are the events, not the method.
            if let eventEnum = eventParameterEnum(of: method.function, in: method.file, stateEnum: stateEnum, rows: rows) {
                // A case it names only to pass over (`case .none: break`) is no event of this
                // machine that never fires; one it leaves to `default` is.
                let acting = Set(rows.filter { $0.outcome != .stays }.flatMap { $0.events ?? [] })
                let passed = Set(rows.filter { $0.outcome == .stays && ($0.events?.count ?? 0) < eventEnum.cases.count }.flatMap { $0.events ?? [] })
                for eventCase in eventEnum.cases
                where !(passed.contains(eventCase.name) && !acting.contains(eventCase.name)) && !sketch.events.contains(where: { $0.name == eventCase.name }) {
                    sketch.events.append((eventCase.name, eventCase.location))
                }
                sketch.rows += rows.map { row in
                    var row = row
                    row.events = row.events ?? eventEnum.cases.map(\.name)
                    return row
                }
                continue
            }
            let name = method.function.name.text.trimmingBackticks
            let event: String
            if overloaded.contains(method.function.name.text) {
                // Overloads of one spelling (`handle(_ event: StartTapped)`, `handle(_ event:
                // PauseTapped)`) are told apart by their parameters' types.
                let labels = method.function.argumentLabels
                let sameLabels = changing.filter { $0.function.name.text == method.function.name.text && $0.function.argumentLabels == labels }
                event = name + (sameLabels.count > 1 ? method.function.parameterTypes : labels)
            } else {
                event = name
            }
            if !sketch.events.contains(where: { $0.name == event }) {
                sketch.events.append((event, method.file.location(of: method.function.name)))
            }
            sketch.rows += rows.map { row in
                var row = row
                row.events = [event]
                return row
            }
        }
    }

    /// The rows of the state enum's own mutating methods that a method of its holder hands the
    /// event to (`self.state.processInboundMessage(...)`, as swift-nio-ssh's connection machine
    /// does): the holder's event changes the state as that method does. Their switches are
    /// claimed, so the enum is not read again as a machine of its own with half the events.
    /// (Through a lock, `self.state.withLock { $0.connectSucceeded() }`, they are not followed:
    /// the enum's own methods are then the events, as the enum's own machine reads them.)
    private func delegatedRows(of body: CodeBlockSyntax, scanner holder: BranchScanner, claims: inout [SyntaxIdentifier]) -> [MachineSketch.Row] {
        let stateEnum = holder.stateEnum
        guard !holder.stateVariables.contains("self") else { return [] }
        let own = ownMutatingMethods(of: stateEnum)
        guard !own.isEmpty else { return [] }
        var delegations: [(rows: [MachineSketch.Row], around: [String])] = []
        for call in Self.inRunningOrder(body.descendants(of: FunctionCallExprSyntax.self, intoClosures: false), below: body) {
            guard let base = call.calledBase?.trimmedText, holder.stateVariables.contains(base),
                let name = call.calledName, let method = own.first(where: { $0.function.name.text == name }), let inner = method.function.body
            else { continue }
            let scanner = BranchScanner(file: method.file, stateEnum: stateEnum, stateVariables: ["self"], returnsNextState: false)
            // The holder may call several of them in one event, each under its own conditions:
            // those conditions guard the call's rows, so none hides another's.
            let around = Self.conditions(around: call, below: body)
            var callbacks: Set<SourceLocation> = []
            let rows = (self.rows(of: inner, scanner: scanner, claims: &claims, callbacks: &callbacks) ?? []).map { row in
                var row = row
                let conditions = around + (row.guardLabel.map { [$0] } ?? [])
                row.guardLabel = conditions.isEmpty ? nil : conditions.joined(separator: " && ")
                return row
            }
            delegations.append((rows, around))
        }
        return Self.inSequence(delegations, allStates: stateEnum.cases.map(\.name))
    }

    /// The rows of calls made one after another in one event: a call that runs after another
    /// under the same conditions (`state.addressBound()`, then `state.close()` in a `defer`)
    /// moves on from the states the earlier one entered, as a body moves on after an `await`,
    /// and acts as written only from the states the earlier one left alone. The rows that move
    /// on come first, so the earlier call's rows do not hide them.
    private static func inSequence(_ delegations: [(rows: [MachineSketch.Row], around: [String])], allStates: [String]) -> [MachineSketch.Row] {
        var resumed: [MachineSketch.Row] = []
        var rows: [MachineSketch.Row] = []
        for (position, later) in delegations.enumerated() {
            var entered: Set<String> = []
            var moved: Set<String> = []
            for earlier in delegations[..<position] where later.around.starts(with: earlier.around) {
                for row in earlier.rows {
                    guard case .moves(let targets, nil) = row.outcome else { continue }
                    entered.formUnion(targets)
                    if row.guardLabel == nil || row.guardLabel == earlier.around.joined(separator: " && ") {
                        moved.formUnion(row.sources ?? allStates)
                    }
                }
            }
            for row in later.rows {
                var row = row
                var taken = moved
                if row.outcome.moves, case let sources = (row.sources ?? allStates).filter(entered.contains), !sources.isEmpty {
                    var moving = row
                    moving.sources = sources
                    resumed.append(moving)
                    taken.formUnion(sources)
                }
                guard !taken.isEmpty else {
                    rows.append(row)
                    continue
                }
                let untouched = (row.sources ?? allStates).filter { !taken.contains($0) }
                guard !untouched.isEmpty else { continue }
                row.sources = untouched
                rows.append(row)
            }
        }
        return resumed + rows
    }

    /// `calls` in the order they run: those in a `defer` after the others, the last written first.
    private static func inRunningOrder(_ calls: [FunctionCallExprSyntax], below body: CodeBlockSyntax) -> [FunctionCallExprSyntax] {
        func deferred(_ call: FunctionCallExprSyntax) -> Bool {
            var current = call.parent
            while let parent = current, parent.id != body.id {
                if parent.is(DeferStmtSyntax.self) { return true }
                current = parent.parent
            }
            return false
        }
        return calls.filter { !deferred($0) } + calls.filter(deferred).reversed()
    }

    /// The conditions under which `node` runs in `body`: the `if` conditions around it (negated
    /// in an `else`) and the patterns of the `switch` cases it is in.
    private static func conditions(around node: some SyntaxProtocol, below body: CodeBlockSyntax) -> [String] {
        var conditions: [String] = []
        var child = Syntax(node)
        var current = node.parent
        while let parent = current, parent.id != body.id {
            if let ifExpression = parent.as(IfExprSyntax.self) {
                let text = ifExpression.conditions.trimmedText
                conditions.append(child.id == ifExpression.body.id ? text : child.id == ifExpression.elseBody?.id ? "!(\(text))" : text)
            } else if let switchCase = parent.as(SwitchCaseSyntax.self), case .case(let label) = switchCase.label,
                let subject = switchCase.parent?.parent?.as(SwitchExprSyntax.self)?.subject.trimmedText
            {
                conditions.append(label.caseItems.map { "case \($0.pattern.trimmedText) = \(subject)" }.joined(separator: " || "))
            }
            child = parent
            current = parent.parent
        }
        return conditions.reversed()
    }

    /// The rows of one method, or `nil` when it never assigns the state (a query, not an event).
    /// Rows whose `events` are set were read from a `switch` on an event the method is given;
    /// where the callbacks' changes they hold are goes into `callbacks`.
    private func rows(
        of body: CodeBlockSyntax, scanner: BranchScanner, claims: inout [SyntaxIdentifier], callbacks: inout Set<SourceLocation>
    ) -> [MachineSketch.Row]? {
        // Its callbacks' changes and those of the closures the state is lent to are its own.
        let assigns =
            !scanner.assignments(in: body).isEmpty || scanner.setsUpCallback(in: body) || scanner.assignsLentState(in: body)
        guard assigns else { return nil }
        claims += body.descendants(of: SwitchExprSyntax.self).map(\.id)
        let items = Array(body.statements)
        let function = body.parent?.as(FunctionDeclSyntax.self)
        // A switch on the state after the body has already assigned it (`state = .retrying`,
        // `await`, then `switch state` again) tests where it got to, and one the body goes on
        // from to change the state in other ways than by one assignment (a helper's call, a
        // branch) narrows where those run: either body is read as a whole.
        guard let switchIndex = items.firstIndex(where: { stateSwitch($0.item, scanner) != nil }),
            !items[..<switchIndex].contains(where: { !$0.item.is(DeferStmtSyntax.self) && !scanner.assignments(in: $0).isEmpty }),
            !items[(switchIndex + 1)...].contains(where: { scanner.assignedValue($0.item) == nil && !scanner.assignments(in: $0).isEmpty }),
            let (switchExpression, subjects, statePosition) = stateSwitch(items[switchIndex].item, scanner)
        else {
            if let function, let eventRows = eventSwitchRows(items, of: function, scanner: scanner, callbacks: &callbacks) { return eventRows }
            let exits = scanner.exits(of: body.statements)
            callbacks.formUnion(Self.callbackChanges(exits))
            return MachineSketch.rows(from: exits, sources: nil, events: nil, at: scanner.file.location(of: body))
        }
        claims.append(switchExpression.id)
        var scanner = scanner
        // An assignment after the switch is what every branch that goes on to it leaves behind,
        // unless it assigns a local each branch set (`let next: State` ... `self.state = next`):
        // then each branch's own assignment to that local is its next state.
        var trailing = items[(switchIndex + 1)...].lazy.compactMap { scanner.assignedValue($0.item) }.last
        if let local = trailing?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            items[..<switchIndex].contains(where: { Self.declaresUninitialized(local, $0.item) })
        {
            scanner.stateVariables.insert(local)
            trailing = nil
        }
        let eventPosition = function.flatMap { function in
            subjects.indices.first { $0 != statePosition && eventEnum(subjects[$0], of: function, in: scanner.file, stateEnum: scanner.stateEnum) != nil }
        }
        let dispatched = eventPosition.flatMap { position in
            function.flatMap { eventEnum(subjects[position], of: $0, in: scanner.file, stateEnum: scanner.stateEnum) }
        }
        var rows: [MachineSketch.Row] = []
        let cases = switchExpression.switchCases
        let others = subjects.count == 1 ? scanner.remainingStates(after: cases) : nil
        for switchCase in cases {
            let matches = Self.matches(
                of: switchCase, subjects: subjects, statePosition: statePosition, scanner.stateEnum, eventPosition: eventPosition, eventEnum: dispatched)
            for (sources, events, conditions) in matches {
                let exits = scanner.exits(of: switchCase.statements, conditions: conditions)
                callbacks.formUnion(Self.callbackChanges(exits))
                let within = switchCase.label.is(SwitchDefaultLabelSyntax.self) ? others : nil
                var caseRows = MachineSketch.rows(from: exits, sources: sources, events: events, at: scanner.file.location(of: switchCase), within: within)
                // A case that leaves the method (`default: return`) never reaches it.
                if let trailing, !BranchScanner.leaves(switchCase) {
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

    /// Whether `item` declares `name` without a value (`let next: State`), to be set later.
    private static func declaresUninitialized(_ name: String, _ item: CodeBlockItemSyntax.Item) -> Bool {
        guard case .decl(let declaration) = item, let variable = declaration.as(VariableDeclSyntax.self) else { return false }
        return variable.bindings.contains { binding in
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && binding.initializer == nil
        }
    }

    /// The enum of the parameter of `function` that `subject` names (`event` in `func
    /// handle(_ event: Event)`), when it is an enum of the files read other than the state's.
    private func eventEnum(
        _ subject: ExprSyntax, of function: FunctionDeclSyntax, in file: SwiftSourceFile, stateEnum: EnumCatalog.Enum
    ) -> EnumCatalog.Enum? {
        guard let name = subject.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let parameter = function.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }),
            let found = module.lookupEnum(parameter.type.trimmedText.strippingOptional, at: function, in: file),
            found.location != stateEnum.location
        else { return nil }
        return found
    }

    /// Whether `method` switches on an event it is given (`switch (self.state, input)` in
    /// `func process(_ input: Input)`): its event enum's cases are the machine's events, so its
    /// callers hand it theirs and it is not read in place.
    private func dispatches(_ method: (file: SwiftSourceFile, function: FunctionDeclSyntax), stateEnum: EnumCatalog.Enum) -> Bool {
        let switches = method.function.body?.descendants(of: SwitchExprSyntax.self, intoClosures: false) ?? []
        return switches.contains { switchExpression in
            let subjects = switchExpression.subject.as(TupleExprSyntax.self).map { $0.elements.map(\.expression) } ?? [switchExpression.subject]
            return subjects.contains { eventEnum($0, of: method.function, in: method.file, stateEnum: stateEnum) != nil }
        }
    }

    /// The event enum of a method whose rows came from a `switch` on one of its parameters.
    private func eventParameterEnum(
        of function: FunctionDeclSyntax, in file: SwiftSourceFile, stateEnum: EnumCatalog.Enum, rows: [MachineSketch.Row]
    ) -> EnumCatalog.Enum? {
        guard rows.contains(where: { $0.events != nil }) else { return nil }
        for parameter in function.signature.parameterClause.parameters {
            if let found = module.lookupEnum(parameter.type.trimmedText.strippingOptional, at: function, in: file),
                found.location != stateEnum.location
            {
                return found
            }
        }
        return nil
    }

    /// The rows of a method whose body is a `switch` on the event it is given and whose cases
    /// test the state (`switch event { case .start: guard case .idle = state ... }`), each case
    /// its events; `nil` for no such switch. A switch on a value that never tests the state
    /// (a child machine's action handed in) is no dispatch, unless the method is private: the
    /// method stays the event.
    private func eventSwitchRows(
        _ items: [CodeBlockItemSyntax], of function: FunctionDeclSyntax, scanner: BranchScanner, callbacks: inout Set<SourceLocation>
    ) -> [MachineSketch.Row]? {
        for item in items {
            guard let switchExpression = Self.switchExpression(item.item),
                let eventEnum = eventEnum(switchExpression.subject, of: function, in: scanner.file, stateEnum: scanner.stateEnum)
            else { continue }
            var read: [(exits: [BranchScanner.Exit], events: [String], at: SourceLocation)] = []
            for case .switchCase(let switchCase) in switchExpression.cases {
                guard case .case(let label) = switchCase.label else {
                    read.append((scanner.exits(of: switchCase.statements), eventEnum.cases.map(\.name), scanner.file.location(of: switchCase)))
                    continue
                }
                for caseItem in label.caseItems {
                    let events: [String]
                    switch CasePattern.single(of: caseItem.pattern) {
                    case .any: events = eventEnum.cases.map(\.name)
                    case .named(let name) where eventEnum.case(named: name) != nil: events = [name]
                    default: continue
                    }
                    let narrowing = CasePattern.narrowingConditions(of: caseItem.pattern, subjects: [switchExpression.subject])
                    let conditions = narrowing.compactMap { $0 } + (caseItem.whereClause.map { [$0.condition.trimmedText] } ?? [])
                    read.append((scanner.exits(of: switchCase.statements, conditions: conditions), events, scanner.file.location(of: caseItem)))
                }
            }
            // A private handler the type subscribes to its actions (`actions.sink { handle($0) }`)
            // dispatches whether or not its cases test the state: nothing outside calls it by name.
            guard function.isPrivate || read.contains(where: { $0.exits.contains { $0.sources != nil } }) else { return nil }
            callbacks.formUnion(read.flatMap { Self.callbackChanges($0.exits) })
            return read.flatMap { MachineSketch.rows(from: $0.exits, sources: nil, events: $0.events, at: $0.at) }
        }
        return nil
    }

    /// The states each pattern of a case matches (`nil`: any), the events when one subject is
    /// the event the method is given (`nil`: the method's own), and its conditions: its `where`
    /// clause, and, in a `switch (self.role, self.state)`, what it requires of the other
    /// subjects (`case .server = self.role`). Patterns that name no case of the state are left out.
    private static func matches(
        of switchCase: SwitchCaseSyntax, subjects: [ExprSyntax], statePosition: Int, _ stateEnum: EnumCatalog.Enum,
        eventPosition: Int?, eventEnum: EnumCatalog.Enum?
    ) -> [(sources: [String]?, events: [String]?, conditions: [String])] {
        let allEvents = eventEnum?.cases.map(\.name)
        guard case .case(let label) = switchCase.label else { return [(nil, allEvents, [])] }
        return label.caseItems.compactMap { item in
            let positions = CasePattern.positions(of: item.pattern)
            guard positions.count == subjects.count else { return nil }
            var events = allEvents
            if let eventPosition, let eventEnum {
                switch positions[eventPosition] {
                case .any: break
                case .named(let name) where eventEnum.case(named: name) != nil: events = [name]
                default: return nil
                }
            }
            var conditions: [String] = []
            if subjects.count > 1, let texts = CasePattern.positionTexts(of: item.pattern), texts.count == subjects.count {
                for index in subjects.indices where index != statePosition && index != eventPosition && positions[index] != .any {
                    conditions.append("case \(texts[index]) = \(subjects[index].trimmedText)")
                }
            }
            let narrowing = CasePattern.narrowingConditions(of: item.pattern, subjects: subjects)
            conditions += [statePosition, eventPosition].compactMap { $0.flatMap { narrowing[$0] } }
            if let whereClause = item.whereClause { conditions.append(whereClause.condition.trimmedText) }
            switch positions[statePosition] {
            case .any: return (nil, events, conditions)
            case .named(let name) where stateEnum.case(named: name) != nil: return ([name], events, conditions)
            default: return nil
            }
        }
    }

    /// The `switch` on the state that `item` is, if it is one, with its subjects (one, or a
    /// tuple's elements) and which of them is the state.
    private func stateSwitch(
        _ item: CodeBlockItemSyntax.Item, _ scanner: BranchScanner
    ) -> (SwitchExprSyntax, subjects: [ExprSyntax], statePosition: Int)? {
        guard let switchExpression = Self.switchExpression(item) else { return nil }
        let subjects = switchExpression.subject.as(TupleExprSyntax.self).map { $0.elements.map(\.expression) } ?? [switchExpression.subject]
        guard let position = subjects.firstIndex(where: scanner.isState) else { return nil }
        return (switchExpression, subjects, position)
    }

    /// The `switch` that `item` is, as a statement or the value it returns.
    private static func switchExpression(_ item: CodeBlockItemSyntax.Item) -> SwitchExprSyntax? {
        let expression: ExprSyntax?
        switch item {
        case .expr(let value): expression = value
        case .stmt(let statement):
            expression = statement.as(ExpressionStmtSyntax.self)?.expression ?? statement.as(ReturnStmtSyntax.self)?.expression
        default: expression = nil
        }
        return expression?.as(SwitchExprSyntax.self)
    }
}

extension FunctionDeclSyntax {
    /// Whether it is a `static` or `class` function, which cannot be an event of an instance.
    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    var isMutating: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.mutating) } }
}

extension SwiftMachineStyle {
    /// SwiftNIO's style: a type with a `state` property and one `mutating func` per event that
    /// switches on `self.state` and assigns the next one.
    public static let mutatingMethods = SwiftMachineStyle("mutating-methods")
}
