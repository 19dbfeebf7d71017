import SwiftSyntax

extension ClosureExprSyntax {
    /// The calls that keep the closure they are given and run it after they return: a task, a
    /// queue's block, a future's or a publisher's callback, a timer's.
    private static let deferringCalls: Set<String> = [
        "Task", "detached", "async", "asyncAfter", "execute", "submit", "flatSubmit", "scheduleTask", "scheduleRepeatedTask",
        "whenComplete", "whenSuccess", "whenFailure", "whenAllComplete", "sink", "subscribe", "onReceive", "addTask",
        "addTaskUnlessCancelled", "addOperation", "scheduledTimer", "schedule", "notify", "addObserver", "observe",
    ]

    /// Whether the closure certainly runs after the code that writes it has gone on: given to a
    /// call that defers it (`Task { ... }`, `queue.async { ... }`, `future.whenComplete { ... }`),
    /// stored as a handler (`process.terminationHandler = { ... }`), or inside such a closure.
    /// Other closures (`buffer.parseUnwindingIfNeeded { ... }`, `withLock { ... }`) may run
    /// before the call returns.
    var certainlyRunsLater: Bool {
        var child = Syntax(self)
        var current = parent
        while let node = current {
            if let call = node.as(FunctionCallExprSyntax.self), child.id != Syntax(call.calledExpression).id,
                let name = call.calledName, Self.deferringCalls.contains(name)
            {
                return true
            }
            if let sequence = node.as(SequenceExprSyntax.self), let first = sequence.elements.first, child.id != Syntax(first).id,
                sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) })
            {
                return true
            }
            if let closure = node.as(ClosureExprSyntax.self) { return closure.certainlyRunsLater }
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(AccessorBlockSyntax.self) { return false }
            child = node
            current = node.parent
        }
        return false
    }
}
