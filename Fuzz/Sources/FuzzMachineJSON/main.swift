// Any bytes given to the JSON machine-file loader produce a machine or a positioned error:
// never a crash, a hang or unbounded memory. The one-pass scanner that reads most files must
// agree with the full parser and decoder: the same machine, or a refusal that leaves the file
// to them.
import FSMCore
import FuzzSupport

runFuzzer { bytes in
    let scanned = MachineFileLoader.scan(json: bytes)
    let decoded = try? MachineFileDecoder.decode(
        try MachineFileLoader.document(bytes: bytes, format: .json, path: "fuzz.json"), path: "fuzz.json")
    if let scanned { require(scanned == decoded, "the scanner and the decoder read different machines") }
    do {
        let machine = try MachineFileLoader.load(bytes: bytes, format: .json, path: "fuzz.json")
        require(machine == decoded, "the loader and the decoder read different machines")
        // A machine that loads must write back as a file that loads as the same machine.
        let text = try MachineFileWriter.write(machine, as: .json)
        let again = try MachineFileLoader.load(bytes: Array(text.utf8), format: .json, path: "rewritten.json")
        require(again.states.map(\.id) == machine.states.map(\.id), "states changed in a JSON round trip")
        require(again.transitions.count == machine.transitions.count, "transitions changed in a JSON round trip")
    } catch let error as MachineFileError {
        require(decoded == nil, "the loader refused a file the decoder reads: \(error)")
        require(error.description.hasPrefix("fuzz.json"), "an error that does not name the file: \(error)")
    } catch {
        require(false, "unexpected error \(error)")
    }
}
