import ArgumentParser
import FSMCore
import FSMInterop
import Foundation

extension FsmvizCommand {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert a machine between formats: machine files, SCXML, XState, Mermaid, PlantUML.",
            discussion: """
                Formats come from the extensions: \(HelpLists.formatExtensions). --from and --to \
                override them. \
                fsmviz reads machine files, SCXML, XState and Swift source, and writes machine \
                files, SCXML, Mermaid and PlantUML. What a format cannot hold is reported as a \
                warning on standard error. docs/interop.md describes the mapping. An output \
                ending in '/' is a directory that gets one file per machine the input holds \
                (Swift sources hold any number), named after the machine. Several inputs are \
                read together: Swift files as the modules they make, so a machine split over \
                files is found whole, and each other file as its own machine.

                Exit status: 0 converted; 2 bad usage or an input that cannot be read; 3 the \
                output could not be written or the machine cannot be expressed in its format; 4 \
                the machines read were written, but an input was left out, which a warning names.

                Examples:
                  fsmviz convert door.scxml -o door.yaml
                  fsmviz convert machine.json -o machine.mmd
                  fsmviz convert checkout.json --from xstate --to scxml -o -
                  fsmviz convert Sources/ -o machines/
                  fsmviz convert Sources/Door/ Sources/Player/ -o machines/
                """
        )

        @Argument(
            help: ArgumentHelp("The machines to convert: files, directories of Swift source, or '-' for standard input.", valueName: "input"),
            completion: .machineFiles)
        var inputs: [String]

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp("Where to write the result ('-' for standard output).", valueName: "path"),
            completion: .file())
        var output: String

        @OptionGroup var reading: ReadingOptions

        @Option(help: "The output's format, when its extension does not say.")
        var to: ExportFormat?

        func validate() throws {
            if inputs.isEmpty { throw ValidationError("Missing expected argument '<input> ...'") }
            if to == nil, !output.hasSuffix("/") {
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
            if output.hasSuffix("/") {
                try convertEach()
                return
            }
            let imported = try reading.readOrExit(inputs, limits: limitOptions.limits)
            guard let format = to?.format ?? MachineFormat(path: output) else { throw ExitStatus.usage.exitCode }
            try write(imported, as: format, to: output)
            if !reading.quiet, output != "-" { WrittenFiles.announce([output]) }
        }

        /// Every machine of the inputs (the one `--machine` names, if given), each into the
        /// output directory as `NAME.EXT`.
        private func convertEach() throws {
            let format = to?.format ?? .yaml
            let machines: [ImportedMachine]
            var leftOut = false
            do {
                machines = try reading.readEach(inputs, limits: limitOptions.limits, leftOut: &leftOut)
            } catch {
                Console.printError(error.description)
                throw ExitStatus.usage.exitCode
            }
            try writeAll(machines, as: format, incomplete: leftOut)
            if leftOut { throw ExitStatus.incomplete.exitCode }
        }

        private func writeAll(_ machines: [ImportedMachine], as format: MachineFormat, incomplete: Bool) throws {
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                Console.printError(Diagnostic(path: output, location: nil, message: "cannot create the directory").description)
                throw ExitStatus.failure.exitCode
            }
            let destinations = machines.map { output + ReadingOptions.fileBaseName(of: $0.machine) + "." + format.fileExtension }
            for (machine, destination) in zip(machines, destinations) {
                try write(machine, as: format, to: destination)
            }
            if !reading.quiet { WrittenFiles.announce(destinations, into: output, incomplete: incomplete) }
        }

        private func write(_ imported: ImportedMachine, as format: MachineFormat, to destination: String) throws {
            guard let exporter = format.exporter else { throw ExitStatus.usage.exitCode }
            var exported: ExportedMachine
            do {
                exported = try exporter.write(imported.machine)
            } catch {
                // The exporter wrote nowhere; the error belongs to the file it was to write.
                Console.printError(Diagnostic(path: destination, location: nil, message: error.message).description)
                throw ExitStatus.failure.exitCode
            }
            if !imported.semantics.priorities.isEmpty {
                exported.warnings.append(
                    "sismic's transition priorities are not kept: transitions of one state on one event that they ranked may "
                        + "conflict, or fire in another order")
            }
            let name = destination == "-" ? "<stdout>" : destination
            if !reading.quiet { exported.warnings.forEach { Console.printError(Diagnostic.warning(path: name, location: nil, message: $0).description) } }
            if destination == "-" {
                Console.write(Array(exported.text.utf8))
                return
            }
            do {
                try AtomicFile.write(Array(exported.text.utf8), to: destination)
            } catch {
                Console.printError(error.description)
                throw ExitStatus.failure.exitCode
            }
        }
    }
}
