// Any bytes given to the Swift source reader produce machines or a positioned error: never a
// crash, a hang or unbounded memory. A NUL byte splits the input into two files read as one
// module, so machines spread across files are exercised too.
import FSMCore
import FSMInterop
import FSMSwiftSource
import FuzzSupport

runFuzzer { bytes in
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let sources = parts.enumerated().map { (path: "fuzz\($0.offset).swift", bytes: Array($0.element)) }
    do {
        let found = try SwiftSourceReader().machines(reading: sources, limits: .standard)
        for machine in found.machines {
            require(!machine.imported.machine.states.isEmpty, "a machine without states")
            require(machine.path.hasPrefix("fuzz"), "a machine that names no input file: \(machine.path)")
            for state in machine.imported.machine.states where state.pseudoState == nil {
                require(state.location?.file?.hasPrefix("fuzz") == true, "a state without its file: \(state.id)")
            }
        }
    } catch let error as MachineFileError {
        require(error.path.hasPrefix("fuzz"), "an error that does not name the file: \(error)")
    } catch {
        require(false, "unexpected error \(error)")
    }
}
