public import FSMCore

/// Writes machines in one file format.
public protocol MachineExporter: Sendable {
    /// The text of `machine` in this format, with what the format could not hold.
    /// - Throws: A ``/FSMCore/Diagnostic`` (`Diagnostic.exportError(format:reason:)`) when the machine cannot be written in this format at all.
    func write(_ machine: Machine) throws(Diagnostic) -> ExportedMachine
}
