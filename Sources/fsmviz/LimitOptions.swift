import ArgumentParser
import FSMCore

/// Flags that raise (or lift) the input limits, shared by every command that reads machines.
struct LimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Largest machine file read, in bytes.", valueName: "bytes"))
    var maxFileSize: Int = InputLimits.standard.fileSize ?? .max

    @Option(help: ArgumentHelp("Most states in one machine.", valueName: "count"))
    var maxStates: Int = InputLimits.standard.states ?? .max

    @Option(help: ArgumentHelp("Most transitions in one machine.", valueName: "count"))
    var maxTransitions: Int = InputLimits.standard.transitions ?? .max

    @Option(help: ArgumentHelp("Deepest nesting of states.", valueName: "levels"))
    var maxDepth: Int = InputLimits.standard.hierarchyDepth ?? .max

    @Option(help: ArgumentHelp("Longest identifier, label, guard or effect, in characters.", valueName: "count"))
    var maxLabelLength: Int = InputLimits.standard.labelLength ?? .max

    @Flag(help: "Lift every input limit (for trusted input only).")
    var noLimit = false

    func validate() throws {
        for (value, name) in [
            (maxFileSize, "--max-file-size"), (maxStates, "--max-states"), (maxTransitions, "--max-transitions"),
            (maxDepth, "--max-depth"), (maxLabelLength, "--max-label-length"),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
    }

    var limits: InputLimits {
        guard !noLimit else { return .unlimited }
        var limits = InputLimits(
            fileSize: maxFileSize, states: maxStates, transitions: maxTransitions, hierarchyDepth: maxDepth,
            labelLength: maxLabelLength)
        // A breach names the flag that raises it; the library leaves that to its caller.
        limits.advice = InputLimits.Advice(
            fileSize: "raise it with --max-file-size", states: "raise it with --max-states",
            transitions: "raise it with --max-transitions", hierarchyDepth: "raise it with --max-depth",
            labelLength: "raise it with --max-label-length")
        return limits
    }
}
