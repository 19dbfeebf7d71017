// Any bytes given to the YAML machine-file loader produce a machine or a positioned error:
// never a crash, a hang or unbounded memory (aliases included). The one-pass reader that reads
// most files must agree with the tree and the decoder: the same machine, or a refusal that
// leaves the file to them.
import FSMCore
import FuzzSupport

runFuzzer { bytes in
    let scanned = MachineFileLoader.scan(yaml: bytes)
    let decoded = try? MachineFileDecoder.decode(
        try MachineFileLoader.document(bytes: bytes, format: .yaml, path: "fuzz.yaml"), path: "fuzz.yaml")
    if let scanned { require(scanned == decoded, "the one-pass reader and the decoder read different machines") }
    do {
        let machine = try MachineFileLoader.load(bytes: bytes, format: .yaml, path: "fuzz.yaml")
        require(machine == decoded, "the loader and the decoder read different machines")
        let text = try MachineFileWriter.write(machine, as: .yaml)
        let again = try MachineFileLoader.load(bytes: Array(text.utf8), format: .yaml, path: "rewritten.yaml")
        require(again.states.map(\.id) == machine.states.map(\.id), "states changed in a YAML round trip")
        require(again.transitions.count == machine.transitions.count, "transitions changed in a YAML round trip")
    } catch let error as MachineFileError {
        require(decoded == nil, "the loader refused a file the decoder reads: \(error)")
        require(error.description.hasPrefix("fuzz.yaml"), "an error that does not name the file: \(error)")
    } catch {
        require(false, "unexpected error \(error)")
    }
}
