import ArgumentParser
import FSMCore
import FSMInterop

extension FsmvizCommand {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert a machine between formats: machine files, SCXML, XState, Mermaid, PlantUML.",
            discussion: """
                Formats come from the extensions: .json and .yaml/.yml (fsmviz machine files; a \
                .json XState config is recognised by its shape), .scxml (W3C SCXML), .mmd \
                (Mermaid stateDiagram-v2) and .puml (PlantUML). --from and --to override them. \
                fsmviz reads machine files, SCXML and XState, and writes machine files, SCXML, \
                Mermaid and PlantUML. What a format cannot hold is reported as a warning on \
                standard error. docs/interop.md describes the mapping.

                Exit status: 0 converted; 2 bad usage or an input that cannot be read; 3 the \
                output could not be written or the machine cannot be expressed in its format.

                Examples:
                  fsmviz convert door.scxml -o door.yaml
                  fsmviz convert machine.json -o machine.mmd
                  fsmviz convert checkout.json --from xstate --to scxml -o -
                """
        )

        @Argument(help: "The machine to convert ('-' for standard input).", completion: .machineFiles)
        var input: String

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp("Where to write the result ('-' for standard output).", valueName: "path"),
            completion: .file())
        var output: String

        @OptionGroup var reading: ReadingOptions

        @Option(help: "The output's format, when its extension does not say.")
        var to: ExportFormat?

        func validate() throws {
            if to == nil {
                guard output != "-", let format = MachineFormat(path: output) else {
                    throw ValidationError(
                        "cannot tell the output format from '\(output)'; use a .json, .yaml, .scxml, .mmd or .puml file, or --to")
                }
                guard format.exporter != nil else {
                    throw ValidationError("fsmviz cannot write \(format.rawValue); it writes json, yaml, scxml, mermaid and plantuml")
                }
            }
        }

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        func run() throws {
            let imported: ImportedMachine
            do {
                imported = try reading.read(input, limits: limitOptions.limits)
            } catch {
                Console.printError(error.description)
                throw ExitStatus.usage.exitCode
            }
            guard let format = to?.format ?? MachineFormat(path: output), let exporter = format.exporter else {
                throw ExitStatus.usage.exitCode
            }
            let exported: ExportedMachine
            do {
                exported = try exporter.write(imported.machine)
            } catch {
                Console.printError(Diagnostic(path: output, location: nil, message: "\(error)").description)
                throw ExitStatus.failure.exitCode
            }
            let name = output == "-" ? "<stdout>" : output
            if !reading.quiet { exported.warnings.forEach { Console.printError(Diagnostic.warning(path: name, location: nil, message: $0).description) } }
            if output == "-" {
                Console.write(Array(exported.text.utf8))
                return
            }
            do {
                try AtomicFile.write(Array(exported.text.utf8), to: output)
            } catch {
                Console.printError(error.description)
                throw ExitStatus.failure.exitCode
            }
        }
    }
}
