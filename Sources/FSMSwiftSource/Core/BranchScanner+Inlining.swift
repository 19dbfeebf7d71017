import SwiftSyntax

/// Reading the methods of ``InlinedMethods`` in place at their calls.
extension BranchScanner {
    /// The calls below `node`, outside closures, of methods read in place.
    func inlinedCalls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        // The node may be the call itself (a statement that is one), which `descendants` leaves out.
        let calls = (node.as(FunctionCallExprSyntax.self).map { [$0] } ?? []) + node.descendants(of: FunctionCallExprSyntax.self, intoClosures: false)
        return calls.filter { inlined.method(calledBy: $0) != nil }
    }

    /// The exits of the method `call` calls, read in place from `context`; none when it is
    /// no call of a method read in place.
    func inlinedExits(of call: FunctionCallExprSyntax, in context: Context) -> [Exit] {
        guard let (body, scanner) = inlinedBody(of: call) else { return [] }
        return scanner.exits(of: body.statements, in: context)
    }

    /// The exits, from `context`, of the methods read in place that `node` calls outside
    /// closures (a condition such as `guard let frame = try self.readNextFrame()`).
    func inlinedExits(in node: some SyntaxProtocol, _ context: Context) -> [Exit] {
        inlinedCalls(in: node).flatMap { inlinedExits(of: $0, in: context) }
    }

    /// What `item` leaves the state as, when it is an assignment of the state, a setter's call,
    /// or the call of a method read in place whose only way out moves to one state.
    func assignedOutcome(_ item: CodeBlockItemSyntax.Item) -> MachineSketch.Outcome? {
        if let value = assignedValue(item) { return outcome(of: value) }
        let expression: ExprSyntax?
        switch item {
        case .expr(let value): expression = value
        case .stmt(let statement): expression = statement.as(ExpressionStmtSyntax.self)?.expression
        default: expression = nil
        }
        guard let call = expression.map(Self.awaited)?.as(FunctionCallExprSyntax.self), let (body, scanner) = inlinedBody(of: call)
        else { return nil }
        let exits = scanner.exits(of: body.statements)
        guard exits.count == 1, let only = exits.first, only.guardLabel == nil, only.sources == nil, only.resumes == nil,
            !only.isCallback, case .moves(let targets, nil) = only.outcome, targets.count == 1
        else { return nil }
        return only.outcome
    }

    /// Whether `node` sets up a callback that changes the state: a closure of its own, or
    /// through a method read in place.
    func setsUpCallback(in node: some SyntaxProtocol) -> Bool {
        !laterClosures(in: node).isEmpty || inlinedCalls(in: node).contains { inlined.method(calledBy: $0)?.setsUpCallback == true }
    }

    /// `expression` without the `try` and `await` before it.
    static func awaited(_ expression: ExprSyntax) -> ExprSyntax {
        var expression = expression
        while let inner = expression.as(TryExprSyntax.self)?.expression ?? expression.as(AwaitExprSyntax.self)?.expression {
            expression = inner
        }
        return expression
    }

    /// The body of the method read in place that `call` calls, and the scanner that reads it
    /// there: in its file, one call deeper, its parameters naming what the call gives them.
    private func inlinedBody(of call: FunctionCallExprSyntax) -> (CodeBlockSyntax, BranchScanner)? {
        guard let method = inlined.method(calledBy: call), let body = method.function.body else { return nil }
        var scanner = self
        scanner.file = method.file
        scanner.inlined = inlined.inside(method)
        let given = method.arguments(of: call)
        scanner.arguments = given.mapValues { value in
            value.as(DeclReferenceExprSyntax.self).flatMap { arguments[$0.baseName.text] } ?? value
        }
        // A value the state is in, lent as `inout` (`beginLoad(&state)`), is the state under
        // the parameter's name there (`func beginLoad(_ s: inout State) { s.load = .loading }`).
        for (parameter, value) in given {
            guard let lent = value.as(InOutExprSyntax.self)?.expression.trimmedText, parameter != lent else { continue }
            for variable in stateVariables where variable == lent || variable.hasPrefix(lent + ".") {
                scanner.stateVariables.insert(parameter + variable.dropFirst(lent.count))
            }
        }
        return (body, scanner)
    }
}
