import ArgumentParser
import FSMCore
import FSMInterop
import FSMLint
import FSMSwiftSource

extension FsmvizCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the state machines in Swift sources and machine files.",
            discussion: """
                Prints one line per machine: where it is declared, its name (what --machine \\
                takes), how it is written, and its counts of states, events and transitions. \\
                The Swift files of all the paths are read together, as one module. \\
                docs/swift-source.md lists the styles fsmviz reads.

                Exit status: 0 at least one machine found; 2 none, or a file that cannot be read.

                Examples:
                  fsmviz list Sources/
                  fsmviz list Sources/Player/PlayerState.swift machines/
                """
        )

        @Argument(
            help: ArgumentHelp("Swift files, machine files, or directories to search for them.", valueName: "file-or-directory"),
            completion: .machineFiles)
        var inputs: [String]

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        func run() throws {
            let reader = SwiftSourceReader()
            var swiftFiles: [String] = []
            var lines: [String] = []
            do {
                for file in inputs.flatMap({ Linter.files(in: $0, sourceReader: reader) }) {
                    if reader.reads(file) {
                        swiftFiles.append(file)
                        continue
                    }
                    let imported = try MachineReader.read(path: file, limits: limitOptions.limits)
                    let style = MachineFormat(path: file)?.rawValue ?? "machine file"
                    lines.append(Self.line(path: file, location: nil, name: imported.machine.name ?? "", style: style, imported.machine))
                }
                for found in try reader.machines(in: swiftFiles, limits: limitOptions.limits).machines {
                    lines.append(Self.line(path: found.path, location: found.location, name: found.name, style: found.style, found.imported.machine))
                }
            } catch {
                Console.printError(error.description)
                throw ExitStatus.usage.exitCode
            }
            guard !lines.isEmpty else {
                Console.printError(
                    Diagnostic(path: inputs.joined(separator: ", "), location: nil, message: "no state machine found here").description)
                throw ExitStatus.usage.exitCode
            }
            Console.write(Array((lines.joined(separator: "\n") + "\n").utf8))
        }

        private static func line(path: String, location: SourceLocation?, name: String, style: String, _ machine: Machine) -> String {
            let position = location.map { ":\($0.line):\($0.column)" } ?? ""
            return PrintableText.escaped(
                "\(path)\(position): \(name) (\(style)): \(machine.states.count) states, \(machine.events.count) events, \(machine.transitions.count) transitions")
        }
    }
}
