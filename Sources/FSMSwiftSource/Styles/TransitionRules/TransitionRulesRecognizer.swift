import FSMCore
import SwiftSyntax

/// Reads machines written against fsmviz's own runtime: `StateMachine<State, Event>(initialState:
/// .closed)` and `addTransition(TransitionRule(event: .open, from: [.closed], to: [.open],
/// guardLabel: "has key", effectLabels: [...], ...))` on its variable in the same function or type. A rule without an
/// event is automatic; one whose `to:` lists several states has its handler choose among them at
/// run time.
struct TransitionRulesRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.transitionRules

    let module: SwiftModule

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        let index = MethodCallIndex(inventory: module.inventory, names: ["addTransition"])
        return module.inventory.calls(named: "StateMachine").compactMap { found in
            found.node.argument("initialState") == nil ? nil : machine(found.node, file: found.file, index: index)
        }
    }

    private func machine(_ call: FunctionCallExprSyntax, file: SwiftSourceFile, index: MethodCallIndex) -> MachineSketch? {
        let generics = call.genericArgumentNames
        guard generics.count == 2, let variable = call.storedName,
            let stateEnum = module.lookupEnum(generics[0], at: call, in: file), let eventEnum = module.lookupEnum(generics[1], at: call, in: file)
        else { return nil }
        var sketch = MachineSketch(
            name: call.machineName(orElse: stateEnum.qualifiedName), style: Self.style, location: file.location(of: call),
            stateEnum: stateEnum, events: eventEnum.cases.map { ($0.name, $0.location) })
        let function = SyntaxScope.function(around: call)?.id
        for found in index.calls(on: variable, in: SyntaxScope.typeName(around: call)) {
            if let function, SyntaxScope.function(around: found.call)?.id != function { continue }
            guard let rule = found.call.argument(nil)?.as(FunctionCallExprSyntax.self), rule.calledName == "TransitionRule" else { continue }
            if let row = Self.row(of: rule, stateEnum: stateEnum, eventEnum: eventEnum, file: found.file) {
                sketch.rows.append(row)
            } else {
                sketch.warnings.append(
                    .warning(
                        path: found.file.path, location: found.file.location(of: rule).droppingFile,
                        message: "cannot tell the event or the states of this rule; it is left out"))
            }
        }
        guard sketch.hasTransitions, let initial = call.argument("initialState") else { return nil }
        sketch.start = .written(initial, in: file)
        return sketch
    }

    /// The row a `TransitionRule(event:from:to:guardLabel:...)` literal declares.
    private static func row(
        of rule: FunctionCallExprSyntax, stateEnum: EnumCatalog.Enum, eventEnum: EnumCatalog.Enum, file: SwiftSourceFile
    ) -> MachineSketch.Row? {
        let eventExpression = rule.argument("event")
        let event = eventExpression.flatMap(CasePattern.caseName)
        guard eventExpression == nil || eventExpression?.is(NilLiteralExprSyntax.self) == true || event.map({ eventEnum.case(named: $0) != nil }) == true,
            let sources = rule.argument("from").flatMap(stateEnum.cases(listedBy:)),
            let targets = rule.argument("to").flatMap(stateEnum.cases(listedBy:))
        else { return nil }
        let guardLabel = rule.argument("guardLabel")?.stringLiteralValue
        var row = MachineSketch.Row(
            sources: sources, events: event.map { [$0] }, guardLabel: guardLabel,
            outcome: targets.isEmpty ? .stays : .moves(targets: targets, computed: nil), location: file.location(of: rule))
        row.eventless = event == nil
        row.effects = rule.argument("effectLabels")?.as(ArrayExprSyntax.self)?.elements.compactMap { $0.expression.stringLiteralValue } ?? []
        return row
    }

}

extension SwiftMachineStyle {
    /// fsmviz's own runtime: `TransitionRule(event:from:to:)` values added to a `StateMachine` with
    /// `addTransition`.
    public static let transitionRules = SwiftMachineStyle("transition-rules")
}
