// Any bytes given to the YAML machine-file loader produce a machine or a positioned error:
// never a crash, a hang or unbounded memory (aliases included).
import FSMCore
import FuzzSupport

runFuzzer { bytes in
    do {
        let machine = try MachineFileLoader.load(bytes: bytes, format: .yaml, path: "fuzz.yaml")
        let text = try MachineFileWriter.write(machine, as: .yaml)
        let again = try MachineFileLoader.load(bytes: Array(text.utf8), format: .yaml, path: "rewritten.yaml")
        require(again.states.map(\.id) == machine.states.map(\.id), "states changed in a YAML round trip")
        require(again.transitions.count == machine.transitions.count, "transitions changed in a YAML round trip")
    } catch let error as MachineFileError {
        require(error.description.hasPrefix("fuzz.yaml"), "an error that does not name the file: \(error)")
    } catch {
        require(false, "unexpected error \(error)")
    }
}
