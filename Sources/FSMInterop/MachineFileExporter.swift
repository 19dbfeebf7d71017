public import FSMCore

/// Writes fsmviz machine files (JSON or YAML), which hold everything the model does.
public struct MachineFileExporter: MachineExporter {
    /// The syntax written.
    public var format: MachineFileFormat

    /// Creates an exporter for JSON or YAML.
    public init(format: MachineFileFormat) {
        self.format = format
    }

    public func write(_ machine: Machine) throws(Diagnostic) -> ExportedMachine {
        do {
            return ExportedMachine(text: try MachineFileWriter.write(machine, as: format))
        } catch {
            throw .exportError(format: format.rawValue.uppercased(), reason: error.message)
        }
    }
}
