import SwiftSyntax

/// Reads ReactorKit's reactors: `func reduce(state: State, mutation: Mutation) -> State`, which
/// copies the state (`var newState = state`), switches on the mutation and assigns the copy's
/// fields (`newState.phase = .loading`). Each enum-typed field of `State` it assigns, or `State`
/// itself when it is an enum, is a machine whose events are the `Mutation` enum's cases
/// (``ReducerReading``); where it starts is the field's default or the reactor's `initialState`.
struct ReactorKitRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.reactorKit

    let module: SwiftModule

    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        ReducerReading(style: Self.style, module: module).machines(of: reducers(), claimed: &claimed)
    }

    /// The module's `reduce(state:mutation:)` functions, each with the local copy of the state it
    /// assigns (or the parameter itself, when it assigns no copy).
    private func reducers() -> [ReducerReading.Reducer] {
        module.inventory.functions.compactMap { found in
            let function = found.node
            let parameters = Array(function.signature.parameterClause.parameters)
            guard function.name.text == "reduce", parameters.count == 2, parameters[0].firstName.text == "state",
                parameters[1].firstName.text == "mutation", let body = function.body
            else { return nil }
            let stateParameter = (parameters[0].secondName ?? parameters[0].firstName).text
            let copy = ReducerReading.copy(of: stateParameter, in: body.statements)?.name
            return ReducerReading.Reducer(
                file: found.file, node: Syntax(function), body: body.statements, stateName: copy ?? stateParameter,
                actionName: (parameters[1].secondName ?? parameters[1].firstName).text,
                stateType: parameters[0].type.trimmedText, actionType: parameters[1].type.trimmedText,
                original: copy == nil ? nil : stateParameter)
        }
    }
}

extension SwiftMachineStyle {
    /// ReactorKit: a reactor's `reduce(state:mutation:)` that switches on the mutation and assigns
    /// an enum-typed field of its copy of `State` (`newState.phase = .loading`).
    public static let reactorKit = SwiftMachineStyle("reactorkit")
}
