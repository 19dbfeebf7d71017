import FSMCore
import SwiftSyntax

/// Reads DDStateMachine's builder, as fsmviz's runtime has it: `let builder =
/// StateMachineBuilder<State, Event, Extra>()`, states as builders (`StateBuilder<...>(.a,
/// label:)`, `WorkStateBuilder<...>(.b, label:, work:)`), and one chain per transition,
/// `builder.shouldTransit(a ~> b).on("effect") { ... }.by(event: .e).ifCondition("guard") { ... }`,
/// which registers only when it ends in `immediately()`, `ifCondition` or `ifResult` (a work
/// state's result: no event). `builder.build(initialState: a)` gives the start. States are the
/// ones the chains and the start name, in the order the builder meets them.
struct TransitionBuilderRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.transitionBuilder

    var inventory: SyntaxInventory { module.inventory }
    let module: SwiftModule

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        inventory.calls(named: "StateMachineBuilder").compactMap { found in
            guard found.node.arguments.isEmpty else { return nil }
            return machine(found.node, file: found.file)
        }
    }

    private func machine(_ call: FunctionCallExprSyntax, file: SwiftSourceFile) -> MachineSketch? {
        let generics = call.genericArgumentNames
        guard generics.count >= 2, let variable = call.storedName, let stateEnum = module.lookupEnum(generics[0], at: call, in: file),
            let eventEnum = module.lookupEnum(generics[1], at: call, in: file)
        else { return nil }
        var body = Syntax(call)
        while let parent = body.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(InitializerDeclSyntax.self) { body = parent }
        // The state builders bound to names: `let synced = StateBuilder<...>(.synced, label: "Synced")`.
        var builders: [String: String] = [:]
        for binding in body.descendants(of: PatternBindingSyntax.self, intoClosures: false) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let made = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                ["StateBuilder", "WorkStateBuilder"].contains(made.calledName ?? ""),
                let state = made.argument(nil).flatMap(CasePattern.caseName), stateEnum.case(named: state) != nil
            else { continue }
            builders[name] = state
        }
        var met: [String] = []
        func meet(_ state: String) { if !met.contains(state) { met.append(state) } }
        var rows: [MachineSketch.Row] = []
        var start: MachineSketch.Start = .unknown
        for chain in body.descendants(of: FunctionCallExprSyntax.self, intoClosures: false) {
            if chain.calledName == "build", chain.calledBase?.trimmedText == variable,
                let initial = chain.argument("initialState"), let state = builders[initial.trimmedText]
            {
                start = .state(state, file.location(of: initial))
                continue
            }
            guard let row = row(chain, variable: variable, builders: builders, eventEnum: eventEnum, file: file) else { continue }
            for state in (row.sources ?? []) + Self.targets(row) { meet(state) }
            rows.append(row)
        }
        if case .state(let initial, _) = start { meet(initial) }
        let states = EnumCatalog.Enum(
            qualifiedName: stateEnum.qualifiedName, cases: met.compactMap { stateEnum.case(named: $0) }, location: stateEnum.location)
        var sketch = MachineSketch(
            name: call.machineName(orElse: stateEnum.qualifiedName), style: .transitionBuilder, location: file.location(of: call),
            stateEnum: states, events: eventEnum.cases.map { ($0.name, $0.location) })
        sketch.rows = rows
        sketch.start = start
        return sketch.hasTransitions ? sketch : nil
    }

    private static func targets(_ row: MachineSketch.Row) -> [String] {
        if case .moves(let targets, _) = row.outcome { return targets }
        return []
    }

    /// The transition a registering chain adds: `chain` is its last call (`immediately()`,
    /// `ifCondition`, `ifResult`), read down to `builder.shouldTransit(a ~> b)`.
    private func row(
        _ chain: FunctionCallExprSyntax, variable: String, builders: [String: String], eventEnum: EnumCatalog.Enum, file: SwiftSourceFile
    ) -> MachineSketch.Row? {
        guard let last = chain.calledName, ["immediately", "ifCondition", "ifResult"].contains(last) else { return nil }
        var guardLabel: String?
        if last != "immediately" { guardLabel = chain.argument(nil)?.stringLiteralValue ?? last }
        var effects: [String] = []
        var event: String?
        var current = chain.calledBase?.as(FunctionCallExprSyntax.self)
        // Down the chain, inner calls first in the source: each step is the base of the next.
        while let step = current {
            switch step.calledName {
            case "on": effects.insert(step.argument(nil)?.stringLiteralValue ?? "on", at: 0)
            case "by": event = step.argument("event").flatMap(CasePattern.caseName)
            case "shouldTransit":
                guard step.calledBase?.trimmedText == variable, let direction = step.argument(nil)?.as(SequenceExprSyntax.self)
                else { return nil }
                let parts = Array(direction.elements)
                guard parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "~>",
                    let source = builders[parts[0].trimmedText], let target = builders[parts[2].trimmedText]
                else { return nil }
                if let event, eventEnum.case(named: event) == nil { return nil }
                var row = MachineSketch.Row(
                    sources: [source], events: event.map { [$0] }, guardLabel: guardLabel, outcome: .moves(targets: [target], computed: nil),
                    location: file.location(of: step), effects: effects)
                row.eventless = event == nil
                return row
            default: return nil
            }
            current = step.calledBase?.as(FunctionCallExprSyntax.self)
        }
        return nil
    }
}

extension SwiftMachineStyle {
    /// DDStateMachine's builder in fsmviz's runtime: `builder.shouldTransit(a ~> b).by(event:)`
    /// chains ending in `immediately()`, `ifCondition` or `ifResult`.
    public static let transitionBuilder = SwiftMachineStyle("transition-builder")
}
