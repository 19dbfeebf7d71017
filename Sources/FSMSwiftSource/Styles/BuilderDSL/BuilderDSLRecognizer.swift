import FSMCore
import SwiftSyntax

/// Reads Tinder/StateMachine's result-builder DSL: `StateMachine<State, Event, SideEffect> {
/// initialState(.a); state(.a) { on(.e) { transition(to: .b, emit: .x) } } }`, where each
/// `on(.e)` inside `state(.a)` is a transition from `a`, `dontTransition()` keeps the state, the
/// `emit:` side effect is the transition's effect, and an `if` around an action its guard.
struct BuilderDSLRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.builderDSL

    let module: SwiftModule
    var inventory: SyntaxInventory { module.inventory }

    /// One action an `on` closure may return, under the conditions around it.
    private struct Action {
        var target: String?
        var effects: [String]
        var guardLabel: String?
        var location: SourceLocation
    }

    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        for construction in module.constructions(of: ["StateMachine"], factories: ["create"]) {
            guard let closure = construction.call.finalClosure, closure.parameterNames.isEmpty,
                let sketch = machine(construction, closure: closure)
            else { continue }
            for nested in closure.descendants(of: SwitchExprSyntax.self) { claimed.insert(nested.id) }
            sketches.append(sketch)
        }
        return sketches
    }

    private func machine(_ construction: Construction, closure: ClosureExprSyntax) -> MachineSketch? {
        let call = construction.call
        let file = construction.file
        var initial: ExprSyntax?
        var blocks: [(state: ExprSyntax, body: ClosureExprSyntax)] = []
        for item in closure.statements {
            guard let inner = Self.call(item.item) else { continue }
            switch inner.calledName {
            case "initialState": initial = inner.argument(nil)
            case "state":
                if let state = inner.argument(nil), let body = inner.finalClosure { blocks.append((state, body)) }
            default: break
            }
        }
        guard !blocks.isEmpty else { return nil }
        var handlers: [(state: ExprSyntax, events: [ExprSyntax], actions: [Action], location: SourceLocation)] = []
        for block in blocks {
            for item in block.body.statements {
                guard let on = Self.call(item.item), on.calledName == "on", let body = on.finalClosure else { continue }
                let events = on.arguments.filter { $0.label == nil }.map(\.expression)
                handlers.append((block.state, events, actions(in: body.statements, conditions: [], file: file), file.location(of: on)))
            }
        }
        let scope = SyntaxScope.typeName(around: call)
        let stateNames = Set((blocks.map(\.state) + (initial.map { [$0] } ?? [])).compactMap(CasePattern.caseName))
        let eventNames = Set(handlers.flatMap(\.events).compactMap(CasePattern.caseName))
        guard
            let stateEnum = construction.genericEnum(0, in: module)
                ?? module.enums.enums(declaring: stateNames, near: scope).first,
            let eventEnum = construction.genericEnum(1, in: module)
                ?? module.enums.enums(declaring: eventNames, near: scope).first
        else { return nil }
        var sketch = MachineSketch(
            name: call.machineName(orElse: stateEnum.qualifiedName), style: .builderDSL, location: file.location(of: call), stateEnum: stateEnum,
            events: eventEnum.cases.map { ($0.name, $0.location) })
        for handler in handlers {
            guard let source = CasePattern.caseName(handler.state), stateEnum.case(named: source) != nil else {
                sketch.warnings.append(unread(handler.location, file: file))
                continue
            }
            let events = handler.events.compactMap(CasePattern.caseName).filter { eventEnum.case(named: $0) != nil }
            guard events.count == handler.events.count, !events.isEmpty else {
                sketch.warnings.append(unread(handler.location, file: file))
                continue
            }
            for action in handler.actions {
                let outcome: MachineSketch.Outcome
                if let target = action.target, stateEnum.case(named: target) != nil {
                    outcome = .moves(targets: [target], computed: nil)
                } else if let target = action.target {
                    // `transition(to: try broken.oldState())`: a state the code computes, which
                    // may be any of them as far as syntax tells.
                    outcome = .moves(targets: stateEnum.cases.map(\.name), computed: target)
                } else {
                    outcome = .stays
                }
                sketch.rows.append(
                    MachineSketch.Row(
                        sources: [source], events: events, guardLabel: action.guardLabel, outcome: outcome, location: action.location,
                        effects: action.effects))
            }
        }
        guard sketch.hasTransitions else { return nil }
        if let initial {
            sketch.start = .written(initial, in: file)
        }
        return sketch
    }

    /// The actions an `on` closure's statements return: `transition(to:emit:)` and
    /// `dontTransition(emit:)`, with the `if` conditions around them as guards.
    private func actions(in statements: CodeBlockItemListSyntax, conditions: [String], file: SwiftSourceFile) -> [Action] {
        var found: [Action] = []
        var conditions = conditions
        for item in statements {
            let expression =
                item.item.as(ReturnStmtSyntax.self)?.expression ?? item.item.as(ExpressionStmtSyntax.self)?.expression
                ?? item.item.as(ExprSyntax.self)
            if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                let condition = guardStatement.conditions.trimmedText
                found += actions(in: guardStatement.body.statements, conditions: conditions + ["!(\(condition))"], file: file)
                conditions.append(condition)
            } else if let ifExpression = expression?.as(IfExprSyntax.self) {
                found += actions(in: ifExpression, conditions: conditions, file: file)
            } else if let call = expression?.as(FunctionCallExprSyntax.self), let action = action(call, conditions: conditions, file: file) {
                found.append(action)
            }
        }
        return found
    }

    private func actions(in ifExpression: IfExprSyntax, conditions: [String], file: SwiftSourceFile) -> [Action] {
        let condition = ifExpression.conditions.trimmedText
        var found = actions(in: ifExpression.body.statements, conditions: conditions + [condition], file: file)
        switch ifExpression.elseBody {
        case .ifExpr(let next)?: found += actions(in: next, conditions: conditions + ["!(\(condition))"], file: file)
        case .codeBlock(let block)?: found += actions(in: block.statements, conditions: conditions + ["!(\(condition))"], file: file)
        case nil: break
        }
        return found
    }

    private func action(_ call: FunctionCallExprSyntax, conditions: [String], file: SwiftSourceFile) -> Action? {
        let effects = call.argument("emit").map { [CasePattern.caseName($0) ?? $0.trimmedText] } ?? []
        let guardLabel = conditions.isEmpty ? nil : conditions.joined(separator: " && ")
        switch call.calledName {
        case "transition":
            guard let target = call.argument("to") else { return nil }
            return Action(
                target: CasePattern.caseName(target) ?? target.trimmedText, effects: effects, guardLabel: guardLabel,
                location: file.location(of: call))
        case "dontTransition":
            return Action(target: nil, effects: effects, guardLabel: guardLabel, location: file.location(of: call))
        default:
            return nil
        }
    }

    /// The call a builder statement is.
    private static func call(_ item: CodeBlockItemSyntax.Item) -> FunctionCallExprSyntax? {
        (item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self))?.as(FunctionCallExprSyntax.self)
    }

    private func unread(_ location: SourceLocation, file: SwiftSourceFile) -> Diagnostic {
        .warning(
            path: file.path, location: location.droppingFile,
            message: "cannot tell which state or event this names; its transitions are left out")
    }
}

extension SwiftMachineStyle {
    /// Tinder/StateMachine's result-builder DSL: `initialState(.a)` and `state(.a) { on(.e) {
    /// transition(to: .b) } }` in a `StateMachine` closure.
    public static let builderDSL = SwiftMachineStyle("builder-dsl")
}
