public import FSMCore

/// Reads XState machine configs written as JSON (or YAML): `id`, `initial`, `states`, `on`,
/// `always`, `after`, `type` (`parallel`, `final`, `history`), guards as `guard` or v4's
/// `cond`, actions, `entry`/`exit`, `invoke` and `onDone`. See docs/interop.md.
public struct XStateImporter: MachineImporter {
    /// The XState major version (4 or 5) configs are read as; `nil` to tell it from each
    /// config's keys (v4's `cond`, `internal`, `predictableActionArguments`, `schema`, `tsTypes`).
    public var version: Int?

    /// Creates an importer that reads configs as `version` says, or as their keys tell.
    public init(version: Int? = nil) {
        self.version = version
    }

    public func read(_ bytes: [UInt8], path: String) throws(MachineFileError) -> ImportedMachine {
        let syntax = MachineFileFormat(path: path) ?? .json
        return try read(document: try MachineFileLoader.document(bytes: bytes, format: syntax, path: path), path: path)
    }

    /// Reads a config already parsed into a document tree.
    public func read(document: DocumentNode, path: String) throws(MachineFileError) -> ImportedMachine {
        var builder = XStateMachineBuilder(file: path)
        builder.version = version
        let machine = try builder.build(document)
        return ImportedMachine(
            machine: machine,
            warnings: builder.warnings.map { Diagnostic.warning(path: path, location: $0.location, message: $0.message) },
            semantics: MachineSemantics(source: .xstate, invocations: builder.invocations))
    }
}
