import SwiftSyntax

/// Reads Redux-style reducers as ReSwift writes them: a function of the action and the state it
/// is given (`func authReducer(action: Action, state: AuthState?) -> AuthState`), which copies
/// the state (`var state = state ?? AuthState(status: .none)`), switches on the action and
/// assigns the copy's fields (`state.status = .anon`), then returns it. The actions are cases of an
/// enum or types of their own (`case _ as RequestAnon`); each enum-typed field it assigns, or the
/// state itself when it is an enum, is a machine (``ReducerReading``). It starts in the field's
/// default, or else in the value the reducer makes when it is given no state.
struct ReSwiftRecognizer: StyleRecognizer {
    static let style = SwiftMachineStyle.reSwift

    let module: SwiftModule

    func machines(claimed: inout Set<SyntaxIdentifier>) -> [MachineSketch] {
        ReducerReading(style: Self.style, module: module).machines(of: reducers(), claimed: &claimed)
    }

    /// The module's functions taking an `action` and a `state` (in either order) and returning
    /// the state's type.
    private func reducers() -> [ReducerReading.Reducer] {
        module.inventory.functions.compactMap { found in
            let function = found.node
            let parameters = Array(function.signature.parameterClause.parameters)
            guard parameters.count == 2, let body = function.body,
                let action = parameters.first(where: { Self.label($0) == "action" }),
                let state = parameters.first(where: { Self.label($0) == "state" }),
                let returned = function.signature.returnClause?.type.trimmedText,
                returned == state.type.trimmedText.strippingOptional
            else { return nil }
            let given = (state.secondName ?? state.firstName).text
            let copy = ReducerReading.copy(of: given, in: body.statements)
            return ReducerReading.Reducer(
                file: found.file, node: Syntax(function), body: body.statements, stateName: copy?.name ?? given,
                actionName: (action.secondName ?? action.firstName).text, stateType: returned, actionType: action.type.trimmedText,
                original: copy == nil ? nil : given, initialValue: copy?.fallback)
        }
    }

    private static func label(_ parameter: FunctionParameterSyntax) -> String {
        parameter.firstName.tokenKind == .wildcard ? (parameter.secondName?.text ?? "") : parameter.firstName.text
    }

}

extension SwiftMachineStyle {
    /// ReSwift: `func reducer(action: Action, state: S?) -> S` that switches on the action and
    /// assigns an enum-typed field of its copy of the state.
    public static let reSwift = SwiftMachineStyle("reswift")
}
