import FSMCore
// EFStateMachine's flow diagram, apart from FSMRuntime: drawing it needs FSMDOT, which
// brings the lint engine (FSMAnalysis) with it, and an app that only runs machines should not
// link either.
import FSMDOT
public import FSMRuntime

extension ActionMachine {
    /// EFStateMachine's flow diagram of the machine in DOT: states as boxes, actions as
    /// ovals, an arrow into each action from the states it may be performed in and out of it
    /// to the states its handler may return.
    ///
    /// Nodes are numbered in declaration order, so the text is the same on every run; two
    /// states or actions printing the same description are two nodes with one label, as in
    /// EFStateMachine.
    public var flowdiagramRepresentation: String {
        flowGraph.flowdiagramRepresentation
    }

    /// Writes ``flowdiagramRepresentation`` to `path` atomically: readers see the old file
    /// or the whole new one, never a part.
    ///
    /// - Throws: A ``/FSMCore/Diagnostic`` naming `path`; on error an existing file is left untouched.
    public func saveFlowdiagramRepresentation(toPath path: String) throws {
        try AtomicFile.write(Array(flowdiagramRepresentation.utf8), to: path)
    }
}
