import SwiftSyntax

/// Reads The Composable Architecture's reducers: `Reduce { state, action in switch action { ... } }`
/// (or `func reduce(into state: inout State, action: Action)`), where each enum-typed field of
/// `State` that the reducer assigns (`state.mode = .playing`), or `State` itself when it is an
/// enum, is a machine whose events are the `Action` enum's cases (``ReducerReading``).
struct ComposableArchitectureRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.composableArchitecture

    let module: SwiftModule
    private var inventory: SyntaxInventory { module.inventory }

    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        ReducerReading(style: Self.style, module: module).machines(of: reducers(), claimed: &claimed)
    }

    /// The module's reducers: `Reduce { state, action in ... }` closures and
    /// `reduce(into:action:)` functions.
    private func reducers() -> [ReducerReading.Reducer] {
        var found: [ReducerReading.Reducer] = []
        for (call, file) in inventory.calls(named: "Reduce", "Reducer", "AnyReducer").map({ ($0.node, $0.file) }) {
            guard let closure = call.finalClosure else { continue }
            let parameters = closure.parameterNames
            guard parameters.count >= 2 else { continue }
            let generics = call.genericArgumentNames
            found.append(
                ReducerReading.Reducer(
                    file: file, node: Syntax(call), body: closure.statements, stateName: parameters[0], actionName: parameters[1],
                    stateType: generics.count >= 2 ? generics[0] : "State", actionType: generics.count >= 2 ? generics[1] : "Action"))
        }
        for (function, file) in inventory.functions.map({ ($0.node, $0.file) }) where function.name.text == "reduce" {
            let parameters = Array(function.signature.parameterClause.parameters)
            guard parameters.count == 2, parameters[0].firstName.text == "into", let body = function.body else { continue }
            let stateType = parameters[0].type.as(AttributedTypeSyntax.self)?.baseType ?? parameters[0].type
            found.append(
                ReducerReading.Reducer(
                    file: file, node: Syntax(function), body: body.statements,
                    stateName: (parameters[0].secondName ?? parameters[0].firstName).text,
                    actionName: (parameters[1].secondName ?? parameters[1].firstName).text,
                    stateType: stateType.trimmedText, actionType: parameters[1].type.trimmedText))
        }
        return found
    }
}

extension SwiftMachineStyle {
    /// The Composable Architecture: a `Reduce` closure (or `reduce(into:action:)`) that switches on
    /// the action and assigns an enum-typed field of `State`.
    public static let composableArchitecture = SwiftMachineStyle("composable-architecture")
}
