import FSMCore
import SwiftSyntax

/// Reads EFStateMachine's style, as fsmviz's runtime has it: `ActionMachine<State, Action>(
/// initialState: .a)` (or EFStateMachine's own `StateMachine<State, Action>`) and
/// `registerAction(.e, fromStates: [.a, .b], toStates: [.c, .d]) { machine in ... }` on its
/// variable in the same function or type. The handler returns one of `toStates`, chosen at run
/// time, so each transition may enter any of them; registering an action again replaces its
/// earlier registration, so only the last one of each action is read.
struct RegisteredActionsRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.registeredActions

    let module: SwiftModule
    var inventory: SyntaxInventory { module.inventory }

    func machines(claimed _: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        var sketches: [MachineSketch] = []
        let index = MethodCallIndex(inventory: inventory, names: ["registerAction"])
        for (call, file) in inventory.calls(named: "ActionMachine", "StateMachine").map({ ($0.node, $0.file) })
        where call.argument("initialState") != nil {
            if let sketch = machine(call, file: file, index: index) { sketches.append(sketch) }
        }
        return sketches
    }

    private func machine(_ call: FunctionCallExprSyntax, file: SwiftSourceFile, index: MethodCallIndex) -> MachineSketch? {
        let generics = call.genericArgumentNames
        guard generics.count == 2, let variable = call.storedName,
            let stateEnum = module.lookupEnum(generics[0], at: call, in: file), let actionEnum = module.lookupEnum(generics[1], at: call, in: file)
        else { return nil }
        // The registrations on this variable in the same type; for a local variable, in its function.
        let function = SyntaxScope.function(around: call)?.id
        var latest: [String: MachineSketch.Row] = [:]
        var order: [String] = []
        var warnings: [Diagnostic] = []
        for found in index.calls(on: variable, in: SyntaxScope.typeName(around: call)) {
            let registration = found.call
            let file = found.file
            if let function, SyntaxScope.function(around: registration)?.id != function { continue }
            guard let actionExpression = registration.argument(nil), let action = CasePattern.caseName(actionExpression),
                actionEnum.case(named: action) != nil,
                let sources = registration.argument("fromStates").flatMap(stateEnum.cases(listedBy:)),
                let targets = registration.argument("toStates").flatMap(stateEnum.cases(listedBy:))
            else {
                warnings.append(
                    .warning(
                        path: file.path, location: file.location(of: registration).droppingFile,
                        message: "cannot tell the action or the states of this registration; it is left out"))
                continue
            }
            if latest[action] == nil { order.append(action) }
            latest[action] = MachineSketch.Row(
                sources: sources, events: [action], guardLabel: nil, outcome: .moves(targets: targets, computed: nil),
                location: file.location(of: registration))
        }
        var sketch = MachineSketch(
            name: call.machineName(orElse: stateEnum.qualifiedName), style: .registeredActions, location: file.location(of: call),
            stateEnum: stateEnum, events: actionEnum.cases.map { ($0.name, $0.location) })
        sketch.rows = order.compactMap { latest[$0] }
        sketch.warnings = warnings
        guard sketch.hasTransitions, let initial = call.argument("initialState") else { return nil }
        sketch.start = .written(initial, in: file)
        return sketch
    }

}

extension SwiftMachineStyle {
    /// EFStateMachine's style in fsmviz's runtime: `registerAction(_:fromStates:toStates:handler:)`
    /// on an `ActionMachine`.
    public static let registeredActions = SwiftMachineStyle("registered-actions")
}
