import FSMCore
import SwiftSyntax

/// Reads a reactive step that maps the current state to the next one on each value of a
/// trigger stream, and feeds the result back into the state's holder:
///
/// ```swift
/// input.playOrPause.withLatestFrom(state)
///     .map { s -> State in switch s { case .idle: return .played ... } }
///     .drive(state)            // or .bind(to: state), .assign(to: &$state), .subscribe(state)
/// ```
///
/// The closure's `switch` on its parameter gives the transitions; the event is the trigger, the
/// stream the chain starts from (`playOrPause`; `playButton.tap` for `playButton.rx.tap`). The
/// start is the value the holder is made with (`BehaviorRelay<State>(value: .idle)`). The steps
/// that feed one holder are one machine. A mapping whose result feeds nothing back, or feeds a
/// holder of something else (`$light.map { ... -> String }.assign(to: &$text)`), is a view of the
/// state, not a step of it, and is no machine.
struct StreamMappingRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.streamMapping

    let module: SwiftModule

    /// The operators that hand the closure each value and pass its result on.
    private static let mappings: Set<String> = ["map", "compactMap", "flatMap", "flatMapLatest", "flatMapFirst", "tryMap"]
    /// The operators that feed a stream into the holder given as their argument.
    private static let feeds: Set<String> = ["drive", "emit", "bind", "assign", "subscribe"]
    /// Names of a UI control's stream that say nothing without the control (`playButton.rx.tap`).
    private static let genericStreams: Set<String> = ["tap", "value", "text", "event", "events", "changes", "publisher"]

    /// One mapping step: the closure's `switch`, the event it is taken on and the holder fed.
    private struct Step {
        let node: SwitchExprSyntax
        let closure: ClosureExprSyntax
        let file: SwiftSourceFile
        let event: String
        let eventLocation: SourceLocation
        let holder: ExprSyntax
        let stateEnum: EnumCatalog.Enum
    }

    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var steps: [String: [Step]] = [:]
        var order: [String] = []
        for found in module.inventory.switches where !claimed.contains(found.node.id) {
            guard let step = step(found.node, file: found.file) else { continue }
            let key = SyntaxScope.typeName(around: found.node) + "." + Self.propertyName(step.holder)
            if steps[key] == nil { order.append(key) }
            steps[key, default: []].append(step)
        }
        return order.compactMap { key in
            guard let group = steps[key], let sketch = machine(group) else { return nil }
            for step in group { claimed.insert(step.node.id) }
            return sketch
        }
    }

    /// The step a `switch` is, when it is the body of a mapping closure whose result feeds the
    /// holder of the state it switches on.
    private func step(_ node: SwitchExprSyntax, file: SwiftSourceFile) -> Step? {
        guard let closure = Self.closure(around: node), node.subject.trimmedText == closure.parameterNames.first ?? "$0",
            let mapping = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            let name = mapping.calledName, Self.mappings.contains(name),
            let holder = Self.fedHolder(after: mapping), let event = Self.trigger(of: mapping)
        else { return nil }
        var names: Set<String> = []
        for switchCase in node.switchCases {
            guard case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems { if case .named(let name) = CasePattern.single(of: item.pattern) { names.insert(name) } }
        }
        let scope = SyntaxScope.typeName(around: node)
        guard !names.isEmpty, let stateEnum = module.enums.enums(declaring: names, near: scope).first else { return nil }
        // The closure gives a state, when it says its type; the holder holds one, when its type shows.
        if let returned = closure.signature?.returnClause?.type.trimmedText,
            module.lookupEnum(returned, at: node, in: file)?.location != stateEnum.location
        {
            return nil
        }
        if let held = heldType(of: holder, in: scope, at: node, file: file), module.lookupEnum(held, at: node, in: file)?.location != stateEnum.location {
            return nil
        }
        return Step(
            node: node, closure: closure, file: file, event: event, eventLocation: file.location(of: mapping), holder: holder, stateEnum: stateEnum)
    }

    private func machine(_ steps: [Step]) -> MachineSketch? {
        guard let first = steps.first else { return nil }
        let scope = SyntaxScope.typeName(around: first.node)
        let holderName = Self.propertyName(first.holder)
        var sketch = MachineSketch(
            name: scope.isEmpty ? holderName : scope + "." + holderName, style: Self.style, location: first.file.location(of: first.node),
            stateEnum: first.stateEnum, events: [])
        for step in steps where step.stateEnum.location == first.stateEnum.location {
            if !sketch.events.contains(where: { $0.0 == step.event }) { sketch.events.append((step.event, step.eventLocation)) }
            let scanner = BranchScanner(file: step.file, stateEnum: step.stateEnum, stateVariables: [step.node.subject.trimmedText], returnsNextState: true)
            sketch.rows += MachineSketch.rows(
                from: scanner.exits(of: step.closure.statements), sources: nil, events: [step.event], at: step.file.location(of: step.node))
        }
        guard sketch.hasTransitions else { return nil }
        sketch.start =
            start(of: first.holder, in: scope, file: first.file) ?? module.start(of: first.stateEnum, scope: scope.isEmpty ? nil : scope)
        return sketch
    }

    /// The type of the value a holder keeps, where syntax shows it: a relay's or subject's
    /// generic argument (`BehaviorRelay<Mode>(value: .ready)`), or a property's declared type.
    private func heldType(of holder: ExprSyntax, in scope: String, at node: some SyntaxProtocol, file: SwiftSourceFile) -> String? {
        let value = SyntaxScope.value(of: holder)
        if let call = value.as(FunctionCallExprSyntax.self), let argument = call.genericArgumentNames.first { return argument }
        return module.propertiesByScope[scope]?[Self.propertyName(holder)]?.type
    }

    /// The closure whose body the switch is in, directly (not in a function declared inside it).
    private static func closure(around node: SwitchExprSyntax) -> ClosureExprSyntax? {
        var current = node.parent
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self) { return closure }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorBlockSyntax.self) { return nil }
            current = parent.parent
        }
        return nil
    }

    /// The holder the chain after `mapping` feeds (`.drive(state)`, `.bind(to: state)`,
    /// `.assign(to: &$state)`), as written without `&` and `$`.
    private static func fedHolder(after mapping: FunctionCallExprSyntax) -> ExprSyntax? {
        var current = Syntax(mapping)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), let call = member.parent?.as(FunctionCallExprSyntax.self) {
            if Self.feeds.contains(member.declName.baseName.text), var argument = call.arguments.first?.expression {
                if let inOut = argument.as(InOutExprSyntax.self) { argument = inOut.expression }
                return argument
            }
            current = Syntax(call)
        }
        return nil
    }

    /// The event a chain's values stand for: the stream it starts from, under the operators
    /// before the mapping (`input.playOrPause.withLatestFrom(state)` is `playOrPause`).
    private static func trigger(of mapping: FunctionCallExprSyntax) -> String? {
        var base = mapping.calledBase
        while let call = base?.as(FunctionCallExprSyntax.self) { base = call.calledBase }
        guard let stream = base else { return nil }
        let parts = stream.trimmedText.split(separator: ".").map { $0.hasPrefix("$") ? String($0.dropFirst()) : String($0) }
            .filter { $0 != "self" && $0 != "rx" }
        guard let last = parts.last, !last.isEmpty else { return nil }
        if genericStreams.contains(last), parts.count > 1 { return parts[parts.count - 2] + "." + last }
        return last
    }

    /// The name of the holder without `self.` and the `$` of a wrapper's projection (`$state`).
    private static func propertyName(_ holder: ExprSyntax) -> String {
        var name = holder.trimmedText
        if name.hasPrefix("self.") { name.removeFirst(5) }
        if name.hasPrefix("$") { name.removeFirst() }
        return name
    }

    /// The state the holder is made with: `BehaviorRelay<State>(value: .idle)` in a local or
    /// a property of the type, or a property's own first value (`@Published var state = State.idle`).
    private func start(of holder: ExprSyntax, in scope: String, file: SwiftSourceFile) -> MachineSketch.Start? {
        var value = SyntaxScope.value(of: holder)
        if value.id == holder.id {
            guard let initializer = module.propertiesByScope[scope]?[Self.propertyName(holder)]?.initializer else { return nil }
            value = initializer
        }
        if let call = value.as(FunctionCallExprSyntax.self), let argument = call.argument("value") ?? call.argument(nil) {
            return .written(argument, in: file)
        }
        return CasePattern.caseName(value) == nil ? nil : .written(value, in: file)
    }
}

extension SwiftMachineStyle {
    /// A reactive step: `trigger.map { state -> State in switch state { ... } }.drive(state)`.
    public static let streamMapping = SwiftMachineStyle("stream-mapping")
}
