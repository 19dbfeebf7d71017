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
                Prints one line per machine: where it is declared, its name (what --machine \
                takes), how it is written, and its counts of states, events and transitions. \
                The Swift files of all the paths are read together, one module per folder below Sources/ or Tests/. \
                docs/swift-source.md lists the styles fsmviz reads.

                Exit status: 0 every file read and at least one machine found; 2 none found, or a \
                file that cannot be read (reported, and the others still listed); 4 an entry of a \
                directory left out, named in a warning (a name that is not UTF-8).

                With --explain (and whenever no machine is found), each enum that looks like a \
                state type (by its name, or the name of a property holding it) but is read as no \
                machine is a warning at its declaration that says why.

                Examples:
                  fsmviz list Sources/
                  fsmviz list Sources/Player/PlayerState.swift machines/
                  fsmviz list --explain Sources/
                """
        )

        @Argument(
            help: ArgumentHelp("Swift files, machine files, or directories to search for them.", valueName: "file-or-directory"),
            completion: .machineFiles)
        var inputs: [String]

        @Flag(help: "Also say, for each enum that looks like a state type but is read as no machine, why not.")
        var explain = false

        @OptionGroup(title: "Input limits") var limitOptions: LimitOptions

        func run() throws {
            let reader = SwiftSourceReader()
            var swiftFiles: [String] = []
            var lines: [String] = []
            var failed = false
            let found = inputs.map { Linter.files(in: $0, sourceReader: reader) }
            let leftOut = found.flatMap(\.leftOut)
            leftOut.forEach { Console.printError($0.description) }
            for file in found.flatMap(\.paths) {
                if reader.reads(file) {
                    swiftFiles.append(file)
                    continue
                }
                do {
                    let imported = try MachineReader.read(path: file, limits: limitOptions.limits)
                    let style = MachineFormat(path: file)?.rawValue ?? "machine file"
                    lines.append(Self.line(path: file, location: nil, name: imported.machine.name ?? "", style: style, imported.machine))
                } catch {
                    Console.printError(error.description)
                    failed = true
                }
            }
            do {
                let found = try reader.machines(in: swiftFiles, limits: limitOptions.limits)
                for machine in found.machines {
                    lines.append(Self.line(path: machine.path, location: machine.location, name: machine.name, style: machine.style, machine.imported.machine))
                }
                found.warnings.forEach { Console.printError($0.description) }
            } catch {
                Console.printError(error.description)
                failed = true
            }
            if !lines.isEmpty { Console.write(Array((lines.joined(separator: "\n") + "\n").utf8)) }
            // What was close to a machine, when asked or when nothing was found: a style fsmviz
            // does not read is then told apart from a shape it misread.
            if !failed, explain || lines.isEmpty, !swiftFiles.isEmpty {
                (try? reader.nearMisses(in: swiftFiles, limits: limitOptions.limits))?.forEach { Console.printError($0.description) }
            }
            if failed { throw ExitStatus.usage.exitCode }
            if !leftOut.isEmpty { throw ExitStatus.incomplete.exitCode }
            guard !lines.isEmpty else {
                Console.printError(
                    Diagnostic(path: inputs.joined(separator: ", "), location: nil, message: "no state machine found here").description)
                throw ExitStatus.usage.exitCode
            }
        }

        private static func line(path: String, location: SourceLocation?, name: String, style: String, _ machine: Machine) -> String {
            let position = location.map { ":\($0.line):\($0.column)" } ?? ""
            return PrintableText.escaped(
                "\(path)\(position): \(name) (\(style)): \(machine.states.count) states, \(machine.events.count) events, \(machine.transitions.count) transitions"
            )
        }
    }
}
