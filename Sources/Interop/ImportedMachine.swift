public import FSMCore

/// A machine read from a file, with what the importer could not carry over.
public struct ImportedMachine: Sendable {
    /// The machine.
    public var machine: Machine
    /// Parts of the file the machine does not represent, in file order.
    public var warnings: [InteropWarning]

    /// Creates an imported machine.
    public init(machine: Machine, warnings: [InteropWarning] = []) {
        self.machine = machine
        self.warnings = warnings
    }
}
