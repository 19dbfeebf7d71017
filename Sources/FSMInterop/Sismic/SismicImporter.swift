public import FSMCore

/// Reads sismic's YAML statecharts: `statechart` with `name`, `description`, `preamble` and a
/// `root state` (or `initial state`) whose states nest through `states` and `parallel states`,
/// with `initial`, `type` (`final`, `shallow history`, `deep history`), `memory`, `on entry`,
/// `on exit` and `transitions` of `target`, `event`, `guard`, `action` and `priority`. sismic
/// refuses to choose between two enabled transitions of one state and one priority, and the
/// analysis says so. See docs/interop.md.
public struct SismicImporter: MachineImporter {
    /// Creates an importer.
    public init() {}

    public func read(_ bytes: [UInt8], path: String) throws(MachineFileError) -> ImportedMachine {
        try read(document: try MachineFileLoader.document(bytes: bytes, format: .yaml, path: path), path: path)
    }

    /// Reads a statechart already parsed into a document tree.
    public func read(document: DocumentNode, path: String) throws(MachineFileError) -> ImportedMachine {
        var builder = SismicMachineBuilder(file: path)
        let machine = try builder.build(document)
        return ImportedMachine(
            machine: machine,
            warnings: builder.warnings.map { InteropWarning(path: path, location: $0.location, message: $0.message) },
            semantics: MachineSemantics(source: .sismic, priorities: builder.priorities))
    }
}
