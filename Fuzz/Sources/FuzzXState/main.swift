// Any bytes given to the XState importer produce a machine or a positioned error: never a
// crash, a hang or unbounded memory.
import FSMCore
import FSMInterop
import FuzzSupport

runFuzzer { bytes in
    do {
        let imported = try XStateImporter().read(bytes, path: "fuzz.json")
        require(!imported.machine.states.isEmpty, "an imported machine without states")
    } catch let error as MachineFileError {
        require(error.description.hasPrefix("fuzz.json"), "an error that does not name the file: \(error)")
    } catch {
        require(false, "unexpected error \(error)")
    }
}
