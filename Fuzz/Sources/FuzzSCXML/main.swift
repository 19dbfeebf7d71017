// Any bytes given to the SCXML importer produce a machine or a positioned error: never a
// crash, a hang, unbounded memory or a followed entity. A machine that imports must export
// as SCXML that imports as the same machine.
import FSMCore
import FSMInterop
import FuzzSupport

runFuzzer { bytes in
    do {
        let imported = try SCXMLImporter().read(bytes, path: "fuzz.scxml")
        let exported = try SCXMLExporter().write(imported.machine)
        let again = try SCXMLImporter().read(Array(exported.text.utf8), path: "exported.scxml")
        require(again.machine.states.map(\.id) == imported.machine.states.map(\.id), "states changed in an SCXML round trip")
        require(again.machine.transitions.count == imported.machine.transitions.count, "transitions changed in an SCXML round trip")
    } catch let error as MachineFileError {
        require(error.description.hasPrefix("fuzz.scxml") || error.description.hasPrefix("exported.scxml"), "an error that does not name the file: \(error)")
        require(!error.description.hasPrefix("exported.scxml"), "fsmviz's own SCXML does not import: \(error)")
    } catch {
        // The exporter refuses machines SCXML cannot express; that is a clear error, not a crash.
    }
}
