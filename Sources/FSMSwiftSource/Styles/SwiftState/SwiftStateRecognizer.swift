import FSMCore
import SwiftSyntax

/// Reads ReactKit/SwiftState machines: `StateMachine<S, E>(state: .a) { machine in ... }` with
/// routes added by `addRoute(.a => .b)` (no event: a direct state change), `addRoutes(event: .e,
/// transitions: [.a => .b, .any => .c])` and `addRouteMapping { event, fromState, userInfo in
/// switch (fromState, event) ... }`, in the closure or on the machine's variable later.
///
/// SwiftState keeps its routes in dictionaries, so two that match the same state and event are
/// a real choice, not an order: a `.any` wildcard is spelled out into every state rather than
/// yielding to the explicit routes. Handlers (`addHandler`, `addAnyHandler(.a => .b)`) and send
/// sites (`machine <-! .e`, `tryEvent`) are not routes and are not read.
struct SwiftStateRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.swiftState

    let module: SwiftModule
    var inventory: SyntaxInventory { module.inventory }

    /// A route before its names are checked against the enums: `nil` sources mean any state,
    /// `nil` targets any state, `eventless` a route taken by a direct state change.
    private struct Route {
        var sources: [String]?
        var targets: [String]?
        var events: [String]?
        var eventless: Bool
        var guardLabel: String?
        var location: SourceLocation
    }

    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        let index = MethodCallIndex(inventory: inventory, names: Self.routeMethods)
        for construction in module.constructions(of: ["StateMachine"]) where construction.call.argument("state") != nil {
            if let sketch = machine(construction, index: index, claimed: &claimed) { sketches.append(sketch) }
        }
        return sketches
    }

    private func machine(_ construction: Construction, index: MethodCallIndex, claimed: inout Set<SyntaxIdentifier>) -> MachineSketch? {
        let call = construction.call
        let file = construction.file
        var routes: [Route] = []
        var mappings: [(closure: ClosureExprSyntax, file: SwiftSourceFile)] = []
        var stateMappings: [(closure: ClosureExprSyntax, file: SwiftSourceFile)] = []
        for found in routeCalls(of: call, file: file, index: index) {
            let routeCall = found.call
            let routeFile = found.file
            if routeCall.calledName == "addRouteMapping", let closure = routeCall.firstClosure {
                mappings.append((closure, routeFile))
            } else if routeCall.calledName == "addStateRouteMapping", let closure = routeCall.firstClosure {
                stateMappings.append((closure, routeFile))
            } else {
                routes += self.routes(routeCall, file: routeFile)
            }
        }
        var names = Set(routes.flatMap { ($0.sources ?? []) + ($0.targets ?? []) })
        if let initial = call.argument("state").flatMap(CasePattern.caseName) { names.insert(initial) }
        guard
            let stateEnum = construction.genericEnum(0, in: module)
                ?? module.enums.enums(declaring: names, near: SyntaxScope.typeName(around: call)).first
        else { return nil }
        let eventEnum = construction.genericEnum(1, in: module)
        var sketch = MachineSketch(
            name: call.machineName(orElse: stateEnum.qualifiedName), style: .swiftState, location: file.location(of: call), stateEnum: stateEnum,
            events: eventEnum?.cases.map { ($0.name, $0.location) } ?? [])
        let allStates = stateEnum.cases.map(\.name)
        for route in routes {
            let known = (route.sources ?? []) + (route.targets ?? [])
            guard stateEnum.contains(all: known), eventEnum.map({ $0.contains(all: route.events ?? []) }) ?? true else {
                sketch.warnings.append(
                    .warning(
                        path: route.location.file ?? file.path, location: route.location.droppingFile,
                        message: "a route names a state or event that is not a case of its enum; it is left out"))
                continue
            }
            let outcome = MachineSketch.Outcome.moves(targets: route.targets ?? allStates, computed: route.targets == nil ? ".any" : nil)
            var row = MachineSketch.Row(
                sources: route.sources ?? allStates, events: route.eventless ? nil : (route.events ?? eventEnum?.cases.map(\.name)),
                guardLabel: route.guardLabel, outcome: outcome, location: route.location)
            row.isDirectChange = route.eventless
            sketch.rows.append(row)
        }
        for mapping in mappings {
            sketch.rows += mappingRows(mapping.closure, file: mapping.file, stateEnum: stateEnum, eventEnum: eventEnum, claimed: &claimed)
        }
        for mapping in stateMappings {
            sketch.rows += stateMappingRows(mapping.closure, file: mapping.file, stateEnum: stateEnum, claimed: &claimed)
        }
        guard sketch.hasTransitions else { return nil }
        if let initial = call.argument("state") {
            sketch.start = .written(initial, in: file)
        }
        return sketch
    }

    /// The route-adding calls on this machine: on its closure's parameter inside the closure,
    /// and on its variable elsewhere in the same type.
    private func routeCalls(of call: FunctionCallExprSyntax, file: SwiftSourceFile, index: MethodCallIndex) -> [MethodCallIndex.Call] {
        var found: [MethodCallIndex.Call] = []
        var seen: Set<SyntaxIdentifier> = []
        if let closure = call.finalClosure, let parameter = closure.parameterNames.first {
            for inner in closure.descendants(of: FunctionCallExprSyntax.self)
            where Self.routeMethods.contains(inner.calledName ?? "") && inner.calledBase?.trimmedText == parameter {
                seen.insert(inner.id)
                found.append(MethodCallIndex.Call(call: inner, file: file))
            }
        }
        guard let variable = call.storedName else { return found }
        return found + index.calls(on: variable, in: SyntaxScope.typeName(around: call)).filter { seen.insert($0.call.id).inserted }
    }

    private static let routeMethods: Set<String> = ["addRoute", "addRoutes", "addRouteChain", "addRouteMapping", "addStateRouteMapping"]

    /// The routes one `addRoute`/`addRoutes` call adds.
    private func routes(_ call: FunctionCallExprSyntax, file: SwiftSourceFile) -> [Route] {
        let guardLabel = (call.argument("condition") ?? Self.trailingCondition(of: call)).map(Self.conditionText)
        var events: [String]?
        var eventless = true
        if let event = call.argument("event") {
            eventless = false
            events = Self.names(event)
        } else if let list = call.argument("events") {
            eventless = false
            events = Self.names(list)
        }
        let written = call.argument("transitions") ?? call.argument("routes") ?? call.argument(nil)
        let transitions = written?.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? (written.map { [$0] } ?? [])
        return transitions.flatMap { transition -> [Route] in
            // `.a => .b`, or a chain `.a => .b => .c` (addRouteChain): a route per link.
            guard let sequence = transition.as(SequenceExprSyntax.self) else { return [] }
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements.count % 2 == 1,
                stride(from: 1, to: elements.count, by: 2).allSatisfy({ elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text == "=>" })
            else { return [] }
            return stride(from: 0, to: elements.count - 2, by: 2).map { index in
                // A source with pinned associated values (`.signingOut(isSoft: false)`) is only
                // those values of its case: the route holds only while the state is one of them.
                let pinned = elements[index].as(FunctionCallExprSyntax.self).map { "state == \($0.trimmedText)" }
                let conditions = [pinned, guardLabel].compactMap { $0 }
                return Route(
                    sources: Self.names(elements[index]), targets: Self.names(elements[index + 2]), events: events, eventless: eventless,
                    guardLabel: conditions.isEmpty ? nil : conditions.joined(separator: " && "), location: file.location(of: transition))
            }
        }
    }

    /// The case names an operand stands for: `.a`, `[.a, .b]`; `nil` for `.any`.
    private static func names(_ expression: ExprSyntax) -> [String]? {
        if let array = expression.as(ArrayExprSyntax.self) {
            let all = array.elements.map { names($0.expression) }
            return all.contains { $0 == nil } ? nil : all.flatMap { $0 ?? [] }
        }
        guard let name = CasePattern.caseName(expression), name != "any" else { return nil }
        return [name]
    }

    /// The trailing closure of a call that names neither its condition nor its handler, when it
    /// is the condition: SwiftState's overloads take either there, and syntax tells them apart
    /// by what the closure gives back. A single value that is neither a call nor an assignment
    /// (`{ _ in self.stopAfterBreak }`), or a `return` of a value, is a `Bool` condition; a
    /// handler returns nothing.
    private static func trailingCondition(of call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard let closure = call.trailingClosure, call.argument("handler") == nil else { return nil }
        let items = Array(closure.statements)
        if items.count == 1, let value = items[0].item.as(ExprSyntax.self) {
            let isAction =
                value.is(FunctionCallExprSyntax.self) || value.as(SequenceExprSyntax.self)?.elements.contains { $0.is(AssignmentExprSyntax.self) } == true
            return isAction ? nil : ExprSyntax(closure)
        }
        let returnsValue = closure.descendants(of: ReturnStmtSyntax.self, intoClosures: false).contains { $0.expression != nil }
        return returnsValue ? ExprSyntax(closure) : nil
    }

    /// A condition closure's body as guard text (`{ context in context.userInfo != nil }`).
    private static func conditionText(_ expression: ExprSyntax) -> String {
        guard let closure = expression.as(ClosureExprSyntax.self) else { return expression.trimmedText }
        return closure.statements.trimmedText
    }

    // MARK: addRouteMapping

    /// The rows of a mapping closure's `switch (fromState, event)`: each `return .x` a route, each
    /// `return nil` no route for that pair.
    private func mappingRows(
        _ closure: ClosureExprSyntax, file: SwiftSourceFile, stateEnum: EnumCatalog.Enum, eventEnum: EnumCatalog.Enum?,
        claimed: inout Set<SyntaxIdentifier>
    ) -> [MachineSketch.Row] {
        let parameters = closure.parameterNames
        guard parameters.count >= 2, let eventEnum else { return [] }
        let eventName = parameters[0]
        let stateName = parameters[1]
        let scanner = BranchScanner(file: file, stateEnum: stateEnum, stateVariables: [stateName], returnsNextState: true)
        var rows: [MachineSketch.Row] = []
        for node in closure.descendants(of: SwitchExprSyntax.self, intoClosures: false) {
            guard let tuple = node.subject.as(TupleExprSyntax.self), tuple.elements.count == 2 else { continue }
            let subjects = tuple.elements.map(\.expression.trimmedText)
            guard let stateIndex = subjects.firstIndex(of: stateName), subjects[1 - stateIndex] == eventName else { continue }
            claimed.insert(node.id)
            for case .switchCase(let switchCase) in node.cases {
                guard case .case(let label) = switchCase.label else {
                    rows += MachineSketch.rows(
                        from: scanner.exits(of: switchCase.statements), sources: nil, events: nil, at: file.location(of: switchCase))
                    continue
                }
                for item in label.caseItems {
                    let positions = Self.positions(of: item.pattern)
                    guard positions.count == 2,
                        let sources = Self.cases(positions[stateIndex], in: stateEnum),
                        let events = Self.cases(positions[1 - stateIndex], in: eventEnum)
                    else { continue }
                    let conditions = item.whereClause.map { [$0.condition.trimmedText] } ?? []
                    rows += MachineSketch.rows(
                        from: scanner.exits(of: switchCase.statements, conditions: conditions), sources: sources, events: events,
                        at: file.location(of: item))
                }
            }
        }
        return rows
    }

    /// The eventless rows of `addStateRouteMapping { fromState, userInfo in switch fromState {
    /// case .a: return [.b, .c] ... } }`: from each case's states to the states it returns, which
    /// `tryState` may enter directly; `nil` or `[]` is no route.
    private func stateMappingRows(
        _ closure: ClosureExprSyntax, file: SwiftSourceFile, stateEnum: EnumCatalog.Enum, claimed: inout Set<SyntaxIdentifier>
    ) -> [MachineSketch.Row] {
        guard let stateName = closure.parameterNames.first else { return [] }
        var scanner = BranchScanner(file: file, stateEnum: stateEnum, stateVariables: [], returnsNextState: true)
        scanner.returnsStateLists = true
        var rows: [MachineSketch.Row] = []
        for node in closure.descendants(of: SwitchExprSyntax.self, intoClosures: false) where node.subject.trimmedText == stateName {
            claimed.insert(node.id)
            for case .switchCase(let switchCase) in node.cases {
                let sources: [String]?
                switch switchCase.label {
                case .case(let label):
                    // Each item names cases (`.some([...])`) or any state (`.some(nil)`); an item
                    // that names something else leaves the case out.
                    let named = label.caseItems.compactMap { Self.cases(CasePattern.single(of: $0.pattern), in: stateEnum) }
                    guard named.count == label.caseItems.count else { continue }
                    sources = named.contains { $0 == nil } ? nil : named.flatMap { $0 ?? [] }
                case .default:
                    sources = nil
                }
                rows += MachineSketch.rows(from: scanner.exits(of: switchCase.statements), sources: sources, events: nil, at: file.location(of: switchCase))
                    .map { row in
                        var row = row
                        row.isDirectChange = true
                        return row
                    }
            }
        }
        return rows
    }

    /// A tuple pattern's positions, where the event is optional (`(.a, .e?)`).
    private static func positions(of pattern: PatternSyntax) -> [CasePattern] {
        guard let tuple = pattern.as(ExpressionPatternSyntax.self)?.expression.as(TupleExprSyntax.self) else {
            return CasePattern.positions(of: pattern)
        }
        return tuple.elements.map { element in
            CasePattern.of(element.expression.as(OptionalChainingExprSyntax.self)?.expression ?? element.expression)
        }
    }

    /// The cases a position names: `.some(nil)` for any, `nil` when it is not the enum's.
    private static func cases(_ pattern: CasePattern, in enumeration: EnumCatalog.Enum) -> [String]?? {
        switch pattern {
        case .any: return .some(nil)
        case .named(let name): return enumeration.case(named: name) != nil ? .some([name]) : nil
        case .other: return nil
        }
    }
}

extension SwiftMachineStyle {
    /// ReactKit/SwiftState: routes added to a `StateMachine` with `addRoute(.a => .b)`,
    /// `addRoutes(event:transitions:)` and `addRouteMapping`.
    public static let swiftState = SwiftMachineStyle("swift-state")
}
