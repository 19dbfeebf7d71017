public import FSMCore

/// Writes W3C SCXML that ``SCXMLImporter`` reads back as an equal machine.
///
/// Labels and effect descriptions, which SCXML has no place for, go in fsmviz's namespace
/// (`fsmviz:label`, `<fsmviz:effect>`): SCXML engines ignore them, fsmviz reads them back.
/// Each state's transitions and child states are written in the order that reproduces the
/// machine's transition order. Consecutive transitions that differ only in their event
/// become one `<transition>` with several events.
public struct SCXMLExporter: MachineExporter {
    /// Creates an exporter.
    public init() {}

    public func write(_ machine: Machine) throws(Diagnostic) -> ExportedMachine {
        var writer = SCXMLWriter(machine: machine)
        return try writer.write()
    }
}
