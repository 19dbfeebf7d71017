public import FSMCore

/// A machine read from a file, with what the importer could not carry over.
public struct ImportedMachine: Sendable {
    /// The machine.
    public var machine: Machine
    /// Parts of the file the machine does not represent, in file order.
    public var warnings: [InteropWarning]
    /// The execution rules of the file's format, which the analysis follows
    /// (`Analyzer().analyze(imported.machine, semantics: imported.semantics)`).
    public var semantics: MachineSemantics
    /// The qualified name of the type whose values are the states, where the source declares
    /// one (a Swift enum such as `Connection.State`), for settings that name its cases.
    public var stateType: String?

    /// Creates an imported machine.
    public init(machine: Machine, warnings: [InteropWarning] = [], semantics: MachineSemantics = .machineFile, stateType: String? = nil) {
        self.machine = machine
        self.warnings = warnings
        self.semantics = semantics
        self.stateType = stateType
    }
}
