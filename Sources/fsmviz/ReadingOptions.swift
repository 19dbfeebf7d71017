import ArgumentParser
import FSMCore
import FSMInterop
import FSMLint

/// How `render`, `dot`, `lint` and `convert` read their inputs, and how much they say about
/// them.
struct ReadingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The inputs' format, when their names do not say (.xml files are read as SCXML).", valueName: "format"))
    var from: ImportFormat?

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, progress or closing counts.")
    var quiet = false

    /// Reads `input` as `--from` says or its name does, and prints the warnings about content
    /// fsmviz does not model that the governing `.fsmviz.yml` lets through (as `lint` would
    /// report them) unless `--quiet`.
    func read(_ input: String, limits: InputLimits) throws(MachineFileError) -> ImportedMachine {
        let imported = try MachineReader.read(path: input, format: from?.format, limits: limits)
        if !quiet {
            let warnings = Linter().importWarnings(of: imported, path: input)
            if !warnings.isEmpty {
                let result = LintResult(path: input == "-" ? "<stdin>" : input, findings: warnings)
                Console.printError(String(TextReporter(summarizes: false).report([result]).dropLast()))
            }
        }
        return imported
    }
}
