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

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, progress or closing counts.")
    var quiet = false

    /// Whether `input` is read as Swift source: a `.swift` file, a directory, or `--from swift`.
    func readsSwift(_ input: String) -> Bool {
        if from == .swift || SwiftSourceReader().reads(input) { return true }
        var isDirectory: ObjCBool = false
        return input != "-" && FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) && isDirectory.boolValue
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
            imported = try MachineReader.read(path: input, format: from?.format, limits: limits)
        }
        if !quiet {
            let warnings = Linter().importWarnings(of: imported, path: input)
            if !warnings.isEmpty {
                let result = LintResult(path: input == "-" ? "<stdin>" : input, findings: warnings)
                Console.printError(String(TextReporter(summarizes: false).report([result]).dropLast()))
            }
        }
        return imported
    }

    /// Every machine in the Swift files `input` stands for, read together as one module.
    /// - Throws: When a file cannot be read or parsed, or none of them holds a machine.
    func machines(in input: String, limits: InputLimits) throws(MachineFileError) -> [ModuleMachine] {
        let reader = SwiftSourceReader()
        let files = input == "-" ? ["-"] : FileManager.default.fileExists(atPath: input) ? Linter.files(in: input, sourceReader: reader).filter(reader.reads) : [input]
        let name = input == "-" ? "<stdin>" : input
        guard !files.isEmpty else {
            throw MachineFileError(path: name, location: nil, message: "no .swift files in this directory or below it")
        }
        let found = try reader.machines(in: files, limits: limits).machines
        guard !found.isEmpty else {
            throw MachineFileError(
                path: name, location: nil,
                message: "no state machine found in the Swift source here (docs/swift-source.md lists the styles fsmviz reads)")
        }
        return found
    }

    /// The machine `--machine` names, or the only one.
    private func chosen(from found: [ModuleMachine], in input: String) throws(MachineFileError) -> ModuleMachine {
        let name = input == "-" ? "<stdin>" : input
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
