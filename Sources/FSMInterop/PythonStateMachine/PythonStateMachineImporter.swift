public import FSMCore

/// Reads python-statemachine's own machine definitions (its "native" JSON and YAML format,
/// schema `statechart/v1`): `states` keyed by id with `initial`, `final`, `parallel`,
/// `states`, `history`, `enter`, `exit`, `invoke` and `transitions` lists of `event`,
/// `target`, `cond`, `unless` and actions. python-statemachine runs them with SCXML's rules,
/// and so does the analysis. See docs/interop.md.
public struct PythonStateMachineImporter: MachineImporter {
    /// Creates an importer.
    public init() {}

    public func read(_ bytes: [UInt8], path: String) throws(MachineFileError) -> ImportedMachine {
        let syntax = MachineFileFormat(path: path) ?? .yaml
        return try read(document: try MachineFileLoader.document(bytes: bytes, format: syntax, path: path), path: path)
    }

    /// Reads a definition already parsed into a document tree.
    public func read(document: DocumentNode, path: String) throws(MachineFileError) -> ImportedMachine {
        var builder = PythonStateMachineBuilder(file: path)
        let machine = try builder.build(document)
        return ImportedMachine(
            machine: machine,
            warnings: builder.warnings.map { Diagnostic.warning(path: path, location: $0.location, message: $0.message) },
            semantics: MachineSemantics(source: .pythonStateMachine, invocations: builder.invocations))
    }
}
