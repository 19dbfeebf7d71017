public import FSMCore

/// Reads W3C SCXML documents (`.scxml`).
///
/// `<state>`, `<parallel>`, `<final>`, `<history>` and `<initial>` map onto the model's
/// hierarchy; `<transition>`s with several events become one transition per event, with
/// `cond` as an opaque guard; executable content in `<onentry>`, `<onexit>` and transitions
/// becomes effect descriptions. `<datamodel>`, `<invoke>`, `<donedata>` and SCXML elements out
/// of place are reported as warnings, never dropped silently; an element of the SCXML
/// namespace that SCXML does not define, an attribute it does not define on a state or a
/// transition, or a misspelled attribute is an error, and an engine's own attribute on
/// executable content or data a warning (an earlier draft's `<state final="true">` is read);
/// other namespaces' elements and attributes are extensions and ignored. See docs/interop.md.
public struct SCXMLImporter: MachineImporter {
    /// Creates an importer.
    public init() {}

    public func read(_ bytes: [UInt8], path: String) throws(MachineFileError) -> ImportedMachine {
        try read(bytes, path: path, refuseDocumentTypes: true)
    }

    /// `read` with the document-type check optional, for tests of libxml2's own limits.
    func read(_ bytes: [UInt8], path: String, refuseDocumentTypes: Bool) throws(MachineFileError) -> ImportedMachine {
        let root: XMLTreeElement
        do {
            root = try XMLTreeParser.parse(bytes, refuseDocumentTypes: refuseDocumentTypes)
        } catch {
            throw MachineFileError(path: path, location: error.location, message: error.message)
        }
        var builder = SCXMLMachineBuilder(path: path)
        let machine = try builder.build(root)
        return ImportedMachine(
            machine: machine, warnings: builder.warnings,
            semantics: MachineSemantics(source: .scxml, invocations: builder.invocations))
    }
}
