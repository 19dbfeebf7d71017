import ArgumentParser
import FSMCore
import FSMInterop
import FSMLint
import FSMSwiftSource
import Foundation

/// How `render`, `dot`, `lint` and `convert` read their inputs, and how much they say about
/// them.
struct ReadingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The inputs' format, when their names do not say (.xml files are read as SCXML; directories as Swift sources).",
            valueName: "format"))
    var from: ImportFormat?

    @Option(
        help: ArgumentHelp(
            "The machine to use where a Swift file or directory holds several ('fsmviz list' names them).",
            valueName: "name"))
    var machine: String?

    @Option(
        help: ArgumentHelp(
            "Read XState configs as XState 4 or 5 (default: as each config's keys tell; 4 for cond, internal, predictableActionArguments, schema or tsTypes).",
            valueName: "4|5"))
    var xstateVersion: Int?

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, progress or closing counts.")
    var quiet = false

    func validate() throws {
        if let xstateVersion, ![4, 5].contains(xstateVersion) {
            throw ValidationError("--xstate-version takes 4 or 5, not \(xstateVersion)")
        }
    }

    /// Whether `input` is read as Swift source: a `.swift` file, a directory, or `--from swift`.
    func readsSwift(_ input: String) -> Bool {
        from == .swift || SwiftSourceReader().reads(input) || Self.isDirectory(input)
    }

    /// Whether `path` names an existing directory (`-`, standard input, never does).
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Reads `input` as `--from` says or its name does, and prints the warnings about content
    /// fsmviz does not model that the governing `.fsmviz.yml` lets through (as `lint` would
    /// report them) unless `--quiet`. Swift source gives the one machine it holds, or the one
    /// `--machine` names.
    func read(_ input: String, limits: InputLimits) throws(MachineFileError) -> ImportedMachine {
        let imported: ImportedMachine
        if readsSwift(input) {
            imported = try chosen(from: machines(in: input, limits: limits), in: input).imported
        } else {
            imported = try MachineReader.read(path: input, format: from?.format, limits: limits, xstateVersion: xstateVersion)
        }
        printWarnings(of: imported, input: input)
        return imported
    }

    /// ``read(_:limits:)`` for a command that reads one input: an input it cannot read is
    /// reported and ends the command with the usage status.
    func readOrExit(_ input: String, limits: InputLimits) throws -> ImportedMachine {
        do {
            return try read(input, limits: limits)
        } catch {
            Console.printError(error.description)
            throw ExitStatus.usage.exitCode
        }
    }

    /// Every machine `input` holds, as ``read(_:limits:)`` prints their warnings: each one a
    /// Swift module holds (or the one `--machine` names), else the machine file's one.
    /// `allowingNone`: Swift source without a machine gives none instead of an error.
    func readEach(_ input: String, limits: InputLimits, allowingNone: Bool = false) throws(MachineFileError) -> [ImportedMachine] {
        guard readsSwift(input), machine == nil else { return [try read(input, limits: limits)] }
        let found = try machines(in: input, limits: limits, allowingNone: allowingNone).map(\.imported)
        for imported in found { printWarnings(of: imported, input: input) }
        return found
    }

    /// The warnings about content fsmviz does not model, as `lint` would report them, unless `--quiet`.
    private func printWarnings(of imported: ImportedMachine, input: String) {
        guard !quiet else { return }
        let warnings = Linter().importWarnings(of: imported, path: input)
        guard !warnings.isEmpty else { return }
        let result = LintResult(path: Diagnostic.displayPath(for: input), findings: warnings)
        Console.printError(String(TextReporter(summarizes: false).report([result]).dropLast()))
    }

    /// The file name, without extension, of a machine's own output in a directory: its name,
    /// with the characters no file name may hold replaced.
    static func fileBaseName(of machine: Machine) -> String {
        String((machine.name ?? "machine").map { $0 == "/" || $0 == "\0" ? "_" : $0 })
    }

    /// Every machine in the Swift files `input` stands for, read together as their modules.
    /// - Throws: When a file cannot be read or parsed, or none of them holds a machine.
    func machines(in input: String, limits: InputLimits, allowingNone: Bool = false) throws(MachineFileError) -> [ModuleMachine] {
        let reader = SwiftSourceReader()
        let files =
            input == "-" ? ["-"] : FileManager.default.fileExists(atPath: input) ? Linter.files(in: input, sourceReader: reader).filter(reader.reads) : [input]
        let name = Diagnostic.displayPath(for: input)
        guard !files.isEmpty || allowingNone else {
            throw MachineFileError(path: name, location: nil, message: "no .swift files in this directory or below it")
        }
        let found = try reader.machines(in: files, limits: limits).machines
        guard !found.isEmpty || allowingNone else {
            throw MachineFileError(
                path: name, location: nil,
                message: "no state machine found in the Swift source here (docs/swift-source.md lists the styles fsmviz reads)")
        }
        return found
    }

    /// The machine `--machine` names, or the only one.
    private func chosen(from found: [ModuleMachine], in input: String) throws(MachineFileError) -> ModuleMachine {
        let name = Diagnostic.displayPath(for: input)
        let names = found.map(\.name)
        if let machine {
            if let match = found.first(where: { $0.name == machine }) ?? found.first(where: { $0.name.lowercased() == machine.lowercased() }) {
                return match
            }
            let hint = Suggestion.hint(for: machine, among: names)
            throw MachineFileError(
                path: name, location: nil,
                message: "no machine named '\(machine)' here" + (hint.isEmpty ? "; it holds \(names.joined(separator: ", "))" : hint))
        }
        guard found.count == 1 else {
            throw MachineFileError(
                path: name, location: nil,
                message: "\(found.count) machines here (\(names.joined(separator: ", "))); choose one with --machine NAME")
        }
        return found[0]
    }
}
