// Any bytes given to the Swift source reader produce machines or a positioned error: never a
// crash, a hang or unbounded memory. A NUL byte splits the input into two files, of one target
// or of two as the first byte's low bit says, so machines spread across files, and types that two
// modules both declare, are exercised too.
import FSMCore
import FSMInterop
import FSMSwiftSource
import FuzzSupport

runFuzzer { bytes in
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let twoTargets = bytes.first.map { $0 & 1 == 1 } ?? false
    let sources = parts.enumerated().map { part in
        (path: "fuzz/Sources/\(twoTargets ? "Target\(part.offset)" : "Target")/fuzz\(part.offset).swift", bytes: Array(part.element))
    }
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
