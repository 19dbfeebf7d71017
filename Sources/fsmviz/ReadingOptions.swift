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
        try read([input], limits: limits)
    }

    /// ``read(_:limits:)`` for a command that reads one input: an input it cannot read is
    /// reported and ends the command with the usage status.
    func readOrExit(_ input: String, limits: InputLimits) throws -> ImportedMachine {
        try readOrExit([input], limits: limits)
    }

    /// ``read(_:limits:)`` of several inputs, for a command that reads them as one: what cannot
    /// be read is reported and ends the command with the usage status.
    func readOrExit(_ inputs: [String], limits: InputLimits) throws -> ImportedMachine {
        do {
            return try read(inputs, limits: limits)
        } catch {
            Console.printError(error.description)
            throw ExitStatus.usage.exitCode
        }
    }

    /// Every machine `input` holds, as ``read(_:limits:)`` prints their warnings: each one a
    /// Swift module holds (or the one `--machine` names), else the machine file's one.
    /// `allowingNone`: Swift source without a machine gives none instead of an error. `leftOut`
    /// becomes true when the Swift reader left a machine or file out, which a warning named.
    func readEach(_ input: String, limits: InputLimits, allowingNone: Bool = false, leftOut: inout Bool) throws(MachineFileError) -> [ImportedMachine] {
        try readEach([input], limits: limits, allowingNone: allowingNone, leftOut: &leftOut)
    }

    /// Every machine `inputs` hold: the Swift sources among them read together, as the modules
    /// they make (a machine's enum in one file and its transitions in another), then each other
    /// input's machine, in the order given; with `--machine`, only the Swift machine it names.
    func readEach(
        _ inputs: [String], limits: InputLimits, allowingNone: Bool = false, leftOut: inout Bool
    ) throws(MachineFileError) -> [ImportedMachine] {
        let swift = inputs.filter(readsSwift)
        var found: [ImportedMachine] = []
        if !swift.isEmpty {
            if machine == nil {
                // Each machine's warnings name the file it is in, not the directory it was found in.
                for module in try machines(in: swift, limits: limits, allowingNone: allowingNone, leftOut: &leftOut) {
                    printWarnings(of: module.imported, input: module.location.file ?? swift[0])
                    found.append(module.imported)
                }
            } else {
                found = [try read(swift, limits: limits)]
            }
        }
        for input in inputs where !readsSwift(input) {
            found.append(try read(input, limits: limits))
        }
        return found
    }

    /// The one machine `inputs` hold, read as ``readEach(_:limits:allowingNone:)`` reads them:
    /// several inputs must all be Swift source, read together.
    func read(_ inputs: [String], limits: InputLimits) throws(MachineFileError) -> ImportedMachine {
        if inputs.count == 1, !readsSwift(inputs[0]) {
            let imported = try MachineReader.read(path: inputs[0], format: from?.format, limits: limits, xstateVersion: xstateVersion)
            printWarnings(of: imported, input: inputs[0])
            return imported
        }
        guard let other = inputs.first(where: { !readsSwift($0) }) else {
            // One machine is asked for: others left out are named, and matter no more.
            var leftOut = false
            let found = try chosen(from: machines(in: inputs, limits: limits, leftOut: &leftOut), in: inputs)
            printWarnings(of: found.imported, input: found.location.file ?? inputs[0])
            return found.imported
        }
        throw MachineFileError(
            path: Diagnostic.displayPath(for: other), location: nil,
            message: "several inputs make one machine only when all are Swift source; write each machine into a directory ('-o DIR/') instead")
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

    /// Every machine in the Swift files `inputs` (files and directories) stand for, all read
    /// together as their modules. What the search and the reader left out is printed, each file
    /// that cannot be read with it, and sets `leftOut`.
    /// - Throws: The first file that cannot be read or parsed, or that none of them holds a machine.
    func machines(
        in inputs: [String], limits: InputLimits, allowingNone: Bool = false, leftOut: inout Bool
    ) throws(MachineFileError) -> [ModuleMachine] {
        let reader = SwiftSourceReader()
        var files: [String] = []
        var unsearched: [Diagnostic] = []
        for input in inputs {
            // A file named is read as Swift whatever its name (`--from swift`); a directory's
            // search takes only the files named as Swift.
            var inInput = [input]
            if Self.isDirectory(input) {
                let found = Linter.files(in: input, sourceReader: reader)
                inInput = found.paths.filter(reader.reads)
                unsearched += found.leftOut
            }
            guard !inInput.isEmpty || allowingNone || !unsearched.isEmpty else {
                throw MachineFileError(path: Diagnostic.displayPath(for: input), location: nil, message: "no .swift files in this directory or below it")
            }
            files += inInput
        }
        var seen: Set<String> = []
        var reading = reader.reading(files.filter { seen.insert($0).inserted }, limits: limits)
        reading.skipped = unsearched + reading.skipped
        let firstError = reading.skipped.first { $0.severity == .error }
        // Every file that cannot be read is named, not the first only, which ends the command.
        for skipped in reading.skipped where skipped != firstError && (skipped.severity == .error || !quiet) {
            Console.printError(skipped.description)
        }
        if let firstError { throw firstError }
        leftOut = leftOut || !reading.skipped.isEmpty
        let found = reading.machines
        guard !found.isEmpty || allowingNone || !reading.skipped.isEmpty else {
            // What was close, a warning each at its declaration, so the user can tell a style
            // fsmviz does not read from a shape it misread.
            for nearMiss in (try? reader.nearMisses(in: files.filter { $0 != "-" }, limits: limits)) ?? [] {
                Console.printError(nearMiss.description)
            }
            throw MachineFileError(
                path: Self.displayName(of: inputs), location: nil,
                message: "no state machine found in the Swift source here (docs/swift-source.md lists the styles fsmviz reads)")
        }
        return found
    }

    /// How diagnostics about `inputs` read together name them: the one input's path, or each
    /// input's, joined.
    private static func displayName(of inputs: [String]) -> String {
        inputs.map(Diagnostic.displayPath(for:)).joined(separator: ", ")
    }

    /// A machine's name without what its listing adds to tell it from others of that name: the
    /// module before it (`Lib.`) and the position after it (`@6`).
    private static func unqualified(_ name: String) -> Substring {
        let named = name.prefix { $0 != "@" }
        return named.lastIndex(of: ".").map { named[named.index(after: $0)...] } ?? named
    }

    /// The machine `--machine` names, or the only one.
    private func chosen(from found: [ModuleMachine], in inputs: [String]) throws(MachineFileError) -> ModuleMachine {
        let name = Self.displayName(of: inputs)
        let names = found.map(\.name)
        if let machine {
            let exact = found.filter { $0.name == machine }
            if exact.count == 1 { return exact[0] }
            // A name several machines answer to is refused with each one's place, never taken
            // for the first: exactly, or as the name their listing qualifies.
            let candidates = exact.isEmpty ? found.filter { Self.unqualified($0.name) == machine } : exact
            guard candidates.count < 2 else {
                let places = candidates.map { "\($0.name) (\($0.path):\($0.location.line):\($0.location.column))" }
                throw MachineFileError(
                    path: name, location: nil,
                    message: "\(candidates.count) machines here are named '\(machine)': \(places.joined(separator: ", ")); choose one with --machine NAME")
            }
            // A name in another case is meant only when it is the one such.
            let alike = found.filter { $0.name.lowercased() == machine.lowercased() }
            if alike.count == 1 { return alike[0] }
            guard alike.isEmpty else {
                throw MachineFileError(
                    path: name, location: nil,
                    message: "\(alike.count) machines here are named '\(machine)' but for case "
                        + "(\(alike.map(\.name).joined(separator: ", "))); choose one with --machine NAME")
            }
            let hint = Suggestion.hint(for: machine, among: names)
            throw MachineFileError(
                path: name, location: nil,
                message: "no machine named '\(machine)' here" + (hint.isEmpty ? "; it holds \(names.joined(separator: ", "))" : hint))
        }
        guard !found.isEmpty else {
            throw MachineFileError(path: name, location: nil, message: "no machine read here; the warnings above say what was left out")
        }
        guard found.count == 1 else {
            throw MachineFileError(
                path: name, location: nil,
                message: "\(found.count) machines here (\(names.joined(separator: ", "))); choose one with --machine NAME")
        }
        return found[0]
    }
}
