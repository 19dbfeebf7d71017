public import FSMCore

/// Reads machines from one file format.
public protocol MachineImporter: Sendable {
    /// The machine in `bytes`, the contents of the file `path` (used in errors and warnings).
    /// - Throws: ``/FSMCore/MachineFileError`` naming `path` and, where there is one, the position.
    func read(_ bytes: [UInt8], path: String) throws(MachineFileError) -> ImportedMachine
}
